import type fc from 'fast-check';
import { MemkitError, error } from '../../kernel/problems/index.js';
import { type SchemaId, formatIds } from '../index.js';
import { exportDecisionV1Arb, exportFactV1Arb, exportIdentityV1Arb, exportManifestArb } from './export-v1.js';
import {
  activeContextEntryArb,
  artifactsManifestArb,
  decisionLogEntryArb,
  feedbackLogEntryArb,
  productContextEntryArb,
  progressRowArb,
  riskRegisterEntryArb,
  systemPatternsHeaderArb,
  workflowStateArb,
} from './memory-bank.js';
import { threadArb, threadOperationArb, threadRelationsArb, threadStoreArb } from './thread-store.js';
import { eventArb, gardenerConfigArb, memoryDocArb, memoryManifestArb } from './thunderus.js';
import { wbsIndexEntryArb, wbsTaskArb, wbsTaskIndexArb } from './wbs.js';

/** The arbitrary of every format id in the schema registry (a missing id is a type error). */
export const arbitraries = Object.freeze({
  'memory-doc': memoryDocArb,
  'memory-manifest': memoryManifestArb,
  event: eventArb,
  'gardener-config': gardenerConfigArb,
  'system-patterns-header': systemPatternsHeaderArb,
  'product-context-entry': productContextEntryArb,
  'active-context-entry': activeContextEntryArb,
  'decision-log-entry': decisionLogEntryArb,
  'progress-row': progressRowArb,
  'risk-register-entry': riskRegisterEntryArb,
  'workflow-state': workflowStateArb,
  'artifacts-manifest': artifactsManifestArb,
  'feedback-log-entry': feedbackLogEntryArb,
  'export-manifest': exportManifestArb,
  'export-fact-v1': exportFactV1Arb,
  'export-decision-v1': exportDecisionV1Arb,
  'export-identity-v1': exportIdentityV1Arb,
  'thread-store': threadStoreArb,
  thread: threadArb,
  'thread-operation': threadOperationArb,
  'thread-relations': threadRelationsArb,
  'wbs-task-index': wbsTaskIndexArb,
  'wbs-index-entry': wbsIndexEntryArb,
  'wbs-task': wbsTaskArb,
}) satisfies { readonly [K in SchemaId]: fc.Arbitrary<unknown> };

/**
 * The value type of each format id (`Static<typeof Schema>` of its schema):
 * what {@link arbitraryFor} generates and `validate` accepts.
 */
export type SchemaValues = { [K in SchemaId]: (typeof arbitraries)[K] extends fc.Arbitrary<infer V> ? V : never };

/**
 * The fast-check arbitrary of valid values of a memkit format; every value it
 * generates passes `validate(formatId, value)` with zero problems.
 * Typed by format: `arbitraryFor('decision-log-entry')` is an
 * `Arbitrary<DecisionLogEntry>`, and an unknown id is a type error. Called
 * from plain JavaScript with an unknown id it throws a {@link MemkitError}
 * (`schema.unknown-format`).
 *
 * @example
 * import fc from 'fast-check';
 * fc.assert(fc.property(arbitraryFor('decision-log-entry'), (e) => validate('decision-log-entry', e).length === 0));
 */
export function arbitraryFor<K extends SchemaId>(formatId: K): fc.Arbitrary<SchemaValues[K]> {
  const table: Readonly<Record<string, fc.Arbitrary<unknown>>> = arbitraries;
  const arb = Object.hasOwn(table, formatId) ? (table[formatId] as fc.Arbitrary<SchemaValues[K]>) : undefined;
  if (arb === undefined) throw new MemkitError([error('schema.unknown-format', `unknown format "${formatId}"; known: ${formatIds.join(', ')}`)]);
  return arb;
}
