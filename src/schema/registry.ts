import { type Problem, error, joinPointer } from '../kernel/problems/index.js';
import { isRealDateAt, isRealTimeAt } from './calendar.js';
import { type TokenCounter, summaryTokenProblems } from './tokens.js';
import { emptyTextConventions } from './empty-text.js';
import * as thunderus from './thunderus.js';
import * as bank from './memory-bank.js';
import * as exportV1 from './export-v1.js';
import * as threads from './thread-store.js';
import * as wbs from './wbs.js';
import { isObject } from '../kernel/object.js';

/** The seed family a format belongs to. */
export type FormatFamily = 'thunderus' | 'memory-bank' | 'export' | 'thread-store' | 'wbs';

/** Capabilities the semantic checks may use. */
export interface CheckEnv {
  /** Token counter for `summary_128`; defaults to {@link defaultCountTokens}. */
  countTokens: TokenCounter;
  /** True when the value already passed the format's schema (checks may skip re-testing patterns). */
  schemaValid?: boolean;
}

/**
 * The id of every schema in the registry (a value shape such as `decision-log-entry`), what
 * `validate`, `arbitraryFor` and the emitted `schemas/<id>.schema.json` files are keyed by.
 */
export type SchemaId = (typeof defs)[number]['id'];

/** A JSON Schema object, typed `object` so importing the registry costs a TypeScript consumer no TypeBox declarations. */
export type SchemaObject = object;

/** A memkit format: its JSON Schema and the checks JSON Schema cannot express. */
export interface FormatDef<Id extends string = SchemaId> {
  readonly id: Id;
  readonly family: FormatFamily;
  readonly title: string;
  readonly schema: SchemaObject;
  /** Rules beyond JSON Schema (and its `if`/`then` rules, with an exact pointer), run on values the schema accepts. */
  readonly check?: (value: unknown, env: CheckEnv) => Problem[];
  /** The part of `check` a value in memkit's form needs (no convention checks of fields outside their form); `null`: nothing; absent: all. */
  readonly inFormCheck?: ((value: unknown, env: CheckEnv) => Problem[]) | null;
}

function datedId(field: string, prefix: string, pattern: string) {
  const re = new RegExp(pattern);
  return (value: unknown): Problem[] => {
    const id = isObject(value) ? value[field] : undefined;
    if (typeof id !== 'string' || isRealDateAt(id, prefix.length) || !re.test(id)) return [];
    return [error('schema.id-date', `${field} "${id}" names a day that does not exist`, { pointer: '/' + field })];
  };
}

const sessionIdPattern = new RegExp(bank.SESSION_ID_PATTERN);
function sessionIdDate(value: unknown): Problem[] {
  const id = isObject(value) ? value.session_id : undefined;
  if (typeof id !== 'string' || (isRealDateAt(id, 8) && isRealTimeAt(id, 17)) || !sessionIdPattern.test(id)) return [];
  return [error('schema.id-date', `session_id "${id}" names a date or time that does not exist`, { pointer: '/session_id' })];
}

const wbsIdPattern = new RegExp(wbs.WBS_ID_PATTERN);
function wbsTypeMatchesDepth(value: unknown, pointer = '', trusted = false): Problem[] {
  if (!isObject(value) || typeof value.id !== 'string' || !(trusted || wbsIdPattern.test(value.id))) return [];
  // An unknown type is the enum's problem, not a depth mismatch.
  if (!(wbs.WBS_TYPES as readonly unknown[]).includes(value.type)) return [];
  let depth = 1;
  for (let i = 0; i < value.id.length; i++) if (value.id.charCodeAt(i) === 46) depth++;
  const expected = wbs.WBS_TYPES[depth - 1];
  return expected !== undefined && value.type !== expected
    ? [error('wbs.type-depth', `a depth-${depth} id must have type "${expected}", not "${value.type}"`, { pointer: joinPointer(pointer, 'type') })]
    : [];
}

function eventRefs(value: unknown): Problem[] {
  if (!isObject(value) || !isObject(value.refs)) return [];
  const needs = value.kind === 'patch' ? 'patch_id' : value.kind === 'snapshot' ? 'snapshot_id' : undefined;
  return needs !== undefined && value.refs[needs] === undefined ? [error('schema.required', `an event of kind "${value.kind}" must have refs.${needs}`, { pointer: `/refs/${needs}` })] : [];
}

function summaryTokens(value: unknown, env: CheckEnv): Problem[] {
  const text = isObject(value) ? value.summary_128 : undefined;
  return typeof text === 'string' ? summaryTokenProblems(text, env.countTokens) : [];
}

/** Runs each check of a format in turn (semantic rules and memkit's conventions). */
const all =
  (...checks: ((value: unknown, env: CheckEnv) => Problem[])[]) =>
  (value: unknown, env: CheckEnv): Problem[] => {
    const out: Problem[] = [];
    for (const c of checks) {
      const found = c(value, env);
      if (found.length > 0) out.push(...found);
    }
    return out;
  };

type Check = (value: unknown, env: CheckEnv) => Problem[];

/** A format's `check` (`rules`, then `conventions`) and `inFormCheck` (`rules`: conventions report only fields outside their form). */
function checks(rules: Check[], conventions: Check[]): { check: Check; inFormCheck: Check | null } {
  return { check: all(...rules, ...conventions), inFormCheck: rules.length === 0 ? null : rules.length === 1 ? rules[0]! : all(...rules) };
}

function indexTypesMatchDepth(value: unknown, env: CheckEnv): Problem[] {
  const tasks = isObject(value) ? value.tasks : undefined;
  if (!Array.isArray(tasks)) return [];
  const out: Problem[] = [];
  for (let i = 0; i < tasks.length; i++) out.push(...wbsTypeMatchesDepth(tasks[i], `/tasks/${i}`, env.schemaValid === true));
  return out;
}

/**
 * `d` with `convention.empty-string` among its conventions when its schema has `Text` fields (strings the seed
 * types only as `string`); a value in memkit's form has no empty one, so its in-form check is unchanged.
 */
function withEmptyText<Id extends string>(d: FormatDef<Id>): FormatDef<Id> {
  const texts = emptyTextConventions(d.schema);
  if (texts === undefined) return d;
  const check = d.check;
  return { ...d, check: check === undefined ? texts : all(check, texts), inFormCheck: d.inFormCheck === undefined ? (check ?? null) : d.inFormCheck };
}

/** A registry entry, its id kept as a literal so {@link SchemaId} is read off the list. */
const def = <const Id extends string>(d: FormatDef<Id>): FormatDef<Id> => withEmptyText(d);

const defs = [
  def({ id: 'memory-doc', family: 'thunderus', title: 'memory doc frontmatter', schema: thunderus.MemoryDocFrontmatter, ...checks([], [thunderus.thunderusIdConventions]) }),
  def({ id: 'memory-manifest', family: 'thunderus', title: 'memory manifest', schema: thunderus.MemoryManifest, ...checks([], [thunderus.thunderusIdConventions]) }),
  def({ id: 'event', family: 'thunderus', title: 'event (events.jsonl v1)', schema: thunderus.EventV1, ...checks([eventRefs], [thunderus.thunderusIdConventions]) }),
  def({ id: 'gardener-config', family: 'thunderus', title: 'gardener config', schema: thunderus.GardenerConfig, check: thunderus.gardenerConventions }),
  def({ id: 'system-patterns-header', family: 'memory-bank', title: 'systemPatterns.md header', schema: bank.SystemPatternsHeader, ...checks([], [bank.hexCaseConventions]) }),
  def({ id: 'product-context-entry', family: 'memory-bank', title: 'productContext.md entry', schema: bank.ProductContextEntry, ...checks([], [bank.hexCaseConventions]) }),
  def({
    id: 'active-context-entry',
    family: 'memory-bank',
    title: 'activeContext.md entry',
    schema: bank.ActiveContextEntry,
    ...checks([summaryTokens], [bank.sourceChunkConventions, bank.hexCaseConventions]),
  }),
  def({
    id: 'decision-log-entry',
    family: 'memory-bank',
    title: 'decisionLog.md entry',
    schema: bank.DecisionLogEntry,
    ...checks([datedId('id', 'DEC-', bank.DECISION_ID_PATTERN)], [bank.hexCaseConventions]),
  }),
  def({ id: 'progress-row', family: 'memory-bank', title: 'progress.md row', schema: bank.ProgressRow }),
  def({
    id: 'risk-register-entry',
    family: 'memory-bank',
    title: 'riskRegister.md entry',
    schema: bank.RiskRegisterEntry,
    ...checks([datedId('risk_id', 'RISK-', bank.RISK_ID_PATTERN)], [bank.threatTypeProblems, bank.hexCaseConventions]),
  }),
  def({
    id: 'workflow-state',
    family: 'memory-bank',
    title: 'workflow-state.json',
    schema: bank.WorkflowState,
    check: all(sessionIdDate, bank.workflowIdleProblems, bank.workflowPhaseConventions),
  }),
  def({ id: 'artifacts-manifest', family: 'memory-bank', title: 'artifacts-manifest.json', schema: bank.ArtifactsManifest, ...checks([], [bank.hexCaseConventions]) }),
  def({ id: 'feedback-log-entry', family: 'memory-bank', title: 'feedback-log.md entry', schema: bank.FeedbackLogEntry, ...checks([], [bank.hexCaseConventions]) }),
  def({ id: 'export-manifest', family: 'export', title: 'export manifest (first NDJSON line)', schema: exportV1.ExportManifest }),
  def({ id: 'export-fact-v1', family: 'export', title: 'Fact record (v1)', schema: exportV1.FactV1 }),
  def({ id: 'export-decision-v1', family: 'export', title: 'Decision record (v1)', schema: exportV1.DecisionV1 }),
  def({ id: 'export-identity-v1', family: 'export', title: 'Identity record (v1)', schema: exportV1.IdentityV1 }),
  def({ id: 'thread-store', family: 'thread-store', title: 'thread store', schema: threads.ThreadStore }),
  def({ id: 'thread', family: 'thread-store', title: 'thread', schema: threads.Thread }),
  def({ id: 'thread-operation', family: 'thread-store', title: 'thread operation', schema: threads.ThreadOperation }),
  def({ id: 'thread-relations', family: 'thread-store', title: 'thread relations', schema: threads.ThreadRelations }),
  def({
    id: 'wbs-task-index',
    family: 'wbs',
    title: 'task-index.json',
    schema: wbs.TaskIndex,
    check: indexTypesMatchDepth,
  }),
  def({ id: 'wbs-index-entry', family: 'wbs', title: 'task-index entry', schema: wbs.TaskIndexEntry, check: (v, env) => wbsTypeMatchesDepth(v, '', env.schemaValid === true) }),
  def({ id: 'wbs-task', family: 'wbs', title: 'tasks/<id>.json', schema: wbs.TaskEntity, check: (v, env) => wbsTypeMatchesDepth(v, '', env.schemaValid === true) }),
];

/** Every format memkit knows, keyed by id. */
export const formats: ReadonlyMap<SchemaId, FormatDef> = new Map(defs.map((d) => [d.id, d]));

/** The ids of every format, in registry order. */
export const formatIds: readonly SchemaId[] = defs.map((d) => d.id);

/** True when `id` names a format of the registry (narrows a string to {@link SchemaId}). */
export function isSchemaId(id: string): id is SchemaId {
  return formats.has(id as SchemaId);
}

/** Looks a format up by id. */
export function getFormat(id: string): FormatDef | undefined {
  return formats.get(id as SchemaId);
}
