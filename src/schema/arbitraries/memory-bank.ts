import fc from 'fast-check';
import {
  type ActiveContextEntry,
  type ArtifactsManifest,
  type DecisionLogEntry,
  type FeedbackLogEntry,
  PHASES,
  PROGRESS_STATUSES,
  type ProductContextEntry,
  type ProgressRow,
  type RiskRegisterEntry,
  STRIDE,
  type SystemPatternsHeader,
  type WorkflowState,
} from '../index.js';
import { ALNUM, agentId, nonEmptyText, pad, relPath, text, token } from './internal.js';
import { compactDateArb, dateTimeArb, semverArb, sha256Arb } from './primitives.js';

/** Valid `systemPatterns.md` headers (format `system-patterns-header`). */
export const systemPatternsHeaderArb: fc.Arbitrary<SystemPatternsHeader> = fc.record({
  version: semverArb,
  hash: sha256Arb,
  locked_by: fc.constant('ReaperOAK' as const),
  immutable: fc.constant(true as const),
});

/** Valid `productContext.md` entries (format `product-context-entry`); `summary` has at most 256 characters. */
export const productContextEntryArb: fc.Arbitrary<ProductContextEntry> = fc.record({
  ts: dateTimeArb,
  author_agent: agentId,
  summary: fc.oneof(fc.string({ maxLength: 40 }), fc.string({ minLength: 200, maxLength: 256 })),
  payload_hash: sha256Arb,
  payload_loc: fc.oneof(relPath, nonEmptyText()),
  predecessor_hash: sha256Arb,
});

const word = token(ALNUM, 1, 8);

/**
 * Valid `activeContext.md` entries (format `active-context-entry`).
 * `summary_128` stays within 128 tokens of the default counter
 * (`defaultCountTokens`): at most 128 characters, or up to 60 short words.
 */
export const activeContextEntryArb: fc.Arbitrary<ActiveContextEntry> = fc.record({
  ts: dateTimeArb,
  source_agent: agentId,
  source_chunks: fc.array(sha256Arb, { maxLength: 3 }),
  summary_128: fc.oneof(
    fc.string({ maxLength: 128 }),
    fc.array(word, { maxLength: 60 }).map((w) => w.join(' ')),
  ),
  predecessor_hash: sha256Arb,
});

/** Valid `decisionLog.md` entries (format `decision-log-entry`); ids `DEC-YYYYMMDD-NNN` name real days. */
export const decisionLogEntryArb: fc.Arbitrary<DecisionLogEntry> = fc.record({
  id: fc.tuple(compactDateArb, fc.integer({ min: 0, max: 999 })).map(([d, n]) => `DEC-${d}-${pad(n, 3)}`),
  ts: dateTimeArb,
  proposer_agent: agentId,
  rationale: nonEmptyText(80),
  diff_hash: sha256Arb,
  tests_passed: fc.boolean(),
  predecessor_hash: sha256Arb,
});

/** Valid `progress.md` rows (format `progress-row`). */
export const progressRowArb: fc.Arbitrary<ProgressRow> = fc.record({
  task_id: nonEmptyText(16),
  status: fc.constantFrom(...PROGRESS_STATUSES),
  agent: agentId,
  milestone_severity: fc.constantFrom('LOW', 'MEDIUM', 'HIGH'),
  updated_at: dateTimeArb,
});

/** Valid `riskRegister.md` entries (format `risk-register-entry`); ids `RISK-YYYYMMDD-NNN` name real days. */
export const riskRegisterEntryArb: fc.Arbitrary<RiskRegisterEntry> = fc.record({
  risk_id: fc.tuple(compactDateArb, fc.integer({ min: 0, max: 999 })).map(([d, n]) => `RISK-${d}-${pad(n, 3)}`),
  ts: dateTimeArb,
  reporter_agent: agentId,
  threat_type: fc.constantFrom(...STRIDE),
  severity: fc.constantFrom('CRITICAL', 'HIGH', 'MEDIUM', 'LOW'),
  description: nonEmptyText(80),
  mitigation: text(80),
  status: fc.constantFrom('OPEN', 'MITIGATED', 'ACCEPTED', 'CLOSED'),
  predecessor_hash: sha256Arb,
});

const phaseState = fc.record({
  status: fc.constantFrom('pending', 'active', 'completed', 'failed', 'skipped'),
  agents: fc.array(agentId, { maxLength: 2 }),
  outputs: fc.array(relPath, { maxLength: 2 }),
});

/**
 * Valid `workflow-state.json` values (format `workflow-state`): `session_id`
 * is `SESSION-YYYYMMDD-HHMMSS` naming a real day and time, `fix_loop_count` 0..3.
 */
export const workflowStateArb: fc.Arbitrary<WorkflowState> = fc.record({
  session_id: fc
    .tuple(compactDateArb, fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }), fc.integer({ min: 0, max: 59 }))
    .map(([d, h, m, s]) => `SESSION-${d}-${pad(h)}${pad(m)}${pad(s)}`),
  started_at: dateTimeArb,
  overall_status: fc.constantFrom('idle', 'active', 'completed', 'failed'),
  current_phase: fc.constantFrom(...PHASES),
  phases: fc.shuffledSubarray([...PHASES]).chain((names) => fc.tuple(...names.map(() => phaseState)).map((states) => Object.fromEntries(names.map((n, i) => [n, states[i]!])))),
  fix_loop_count: fc.integer({ min: 0, max: 3 }),
  blockers: fc.array(fc.record({ reason: text(), since: dateTimeArb }, { requiredKeys: ['reason'] }), { maxLength: 2 }),
});

/** Valid `artifacts-manifest.json` values (format `artifacts-manifest`); the dependency graph links listed paths. */
export const artifactsManifestArb: fc.Arbitrary<ArtifactsManifest> = fc.uniqueArray(relPath, { maxLength: 4 }).chain((paths) =>
  fc.record({
    session_id: nonEmptyText(24),
    artifacts: fc.tuple(...paths.map((path) => fc.record({ path: fc.constant(path), sha256: sha256Arb, created_by: agentId, phase: fc.constantFrom(...PHASES), created_at: dateTimeArb }))),
    dependency_graph: fc.tuple(...paths.map(() => fc.subarray(paths))).map((ups) => Object.fromEntries(paths.map((p, i) => [p, ups[i]!.filter((u) => u !== p)]))),
  }),
);

/** Valid `feedback-log.md` entries (format `feedback-log-entry`). */
export const feedbackLogEntryArb: fc.Arbitrary<FeedbackLogEntry> = fc.record({
  timestamp: dateTimeArb,
  from_agent: agentId,
  to_agent: agentId,
  category: fc.constantFrom('defect', 'suggestion', 'concern', 'praise'),
  severity: fc.constantFrom('low', 'medium', 'high', 'critical'),
  artifact_path: relPath,
  description: nonEmptyText(80),
  evidence: text(80),
  predecessor_hash: sha256Arb,
});
