import type { Static } from 'typebox';
import { Type } from './type.js';
import { type Problem, error, joinPointer, warning } from '../../kernel/problems/index.js';
import { AnyObject, DateTime, OpenRecord, SHA256_HEX_PATTERN, SeedSemver, Sha256, StringEnum, Text } from './common.js';
import { withForm } from '../form.js';
import { isHex64, isLowerSha256 } from '../hex.js';
import { isObject } from '../../kernel/object.js';

/** `DEC-YYYYMMDD-NNN` (the date must exist; checked beyond the pattern). */
export const DECISION_ID_PATTERN = '^DEC-[0-9]{8}-[0-9]{3}$';
/** `RISK-YYYYMMDD-NNN`. */
export const RISK_ID_PATTERN = '^RISK-[0-9]{8}-[0-9]{3}$';
/** `SESSION-YYYYMMDD-HHMMSS`. */
export const SESSION_ID_PATTERN = '^SESSION-[0-9]{8}-[0-9]{6}$';

/** An agent id such as `ReaperOAK` ("string (agent id)": '' is valid, and `convention.empty-string`). */
export const AgentId = Text('agent id');

/** SHA-256 of the previous entry (`sha256(JCS(entry))`), or 64 zeros for the first. */
export const PredecessorHash = withForm(
  Type.String({
    pattern: SHA256_HEX_PATTERN,
    description: 'sha256(JCS(previous entry)); 64 zeros for the first entry',
  }),
  isLowerSha256,
);

/** Frontmatter header of `systemPatterns.md`. */
export const SystemPatternsHeader = Type.Object(
  {
    // "semver", read as for a thread store: the seed's own header writes "2.0" (system-patterns.version-two-part warns).
    version: SeedSemver(),
    hash: withForm(Type.String({ pattern: SHA256_HEX_PATTERN, description: 'sha256 of the body after the closing ---' }), isLowerSha256),
    locked_by: Type.Literal('ReaperOAK'),
    immutable: Type.Literal(true),
  },
  { title: 'systemPatterns.md header' },
);

/** One `productContext.md` entry. */
export const ProductContextEntry = Type.Object(
  {
    ts: DateTime,
    author_agent: AgentId,
    summary: Type.String({ maxLength: 256 }),
    payload_hash: Sha256,
    payload_loc: Text('file reference of the payload'),
    predecessor_hash: PredecessorHash,
  },
  { title: 'productContext.md entry' },
);

/** One `activeContext.md` entry. `summary_128` is limited to 128 tokens (see `countTokens`). */
export const ActiveContextEntry = Type.Object(
  {
    ts: DateTime,
    source_agent: AgentId,
    // The seed says "hashes" without naming the hash: any strings; SHA-256 hex is memkit's convention (convention.source-chunk-hash).
    source_chunks: Type.Array(withForm(Type.String({ description: 'hashes of the source chunks' }), isLowerSha256)),
    summary_128: Type.String({ description: 'at most 128 tokens' }),
    predecessor_hash: PredecessorHash,
  },
  { title: 'activeContext.md entry' },
);

/** One `decisionLog.md` entry. */
export const DecisionLogEntry = Type.Object(
  {
    id: Type.String({ pattern: DECISION_ID_PATTERN }),
    ts: DateTime,
    proposer_agent: AgentId,
    rationale: Text(),
    diff_hash: Sha256,
    tests_passed: Type.Boolean(),
    predecessor_hash: PredecessorHash,
  },
  { title: 'decisionLog.md entry' },
);

/** `progress.md` statuses. */
export const PROGRESS_STATUSES = ['PENDING', 'IN_PROGRESS', 'REVIEW', 'DONE', 'BLOCKED'] as const;

/** One row of the `progress.md` table. */
export const ProgressRow = Type.Object(
  {
    task_id: Text(),
    status: StringEnum(PROGRESS_STATUSES),
    agent: AgentId,
    milestone_severity: StringEnum(['LOW', 'MEDIUM', 'HIGH'] as const),
    updated_at: DateTime,
  },
  { title: 'progress.md row' },
);

/** The six STRIDE threat categories. */
export const STRIDE = ['Spoofing', 'Tampering', 'Repudiation', 'Information Disclosure', 'Denial of Service', 'Elevation of Privilege'] as const;

/** One `riskRegister.md` entry. */
export const RiskRegisterEntry = Type.Object(
  {
    risk_id: Type.String({ pattern: RISK_ID_PATTERN }),
    ts: DateTime,
    reporter_agent: AgentId,
    // A string naming a STRIDE category, in any spelling; others: schema.stride-category (none named) or convention.stride-category.
    threat_type: withForm(Type.String({ description: 'STRIDE category' }), isStrideCategory),
    severity: StringEnum(['CRITICAL', 'HIGH', 'MEDIUM', 'LOW'] as const),
    description: Text(),
    mitigation: Type.String(),
    status: StringEnum(['OPEN', 'MITIGATED', 'ACCEPTED', 'CLOSED'] as const),
    predecessor_hash: PredecessorHash,
  },
  { title: 'riskRegister.md entry' },
);

/** Workflow phases, in order. */
export const PHASES = ['SPEC', 'BUILD', 'VALIDATE', 'GATE', 'DOCUMENT', 'RETROSPECTIVE'] as const;

/** The per-phase statuses memkit writes (its convention; the seed names no status values). */
export const PHASE_STATUSES = ['pending', 'active', 'completed', 'failed', 'skipped'] as const;

/** Per-phase record in `workflow-state.json`: any object (the seed says only "per-phase status, agents, outputs"); see `convention.workflow-phase`. */
export const PhaseState = AnyObject('per-phase status, agents, outputs');

/** The fields of `workflow-state.json` that are `null` in the idle state a reset leaves (no session yet). */
export const SESSION_FIELDS = ['session_id', 'started_at', 'current_phase'] as const;

/**
 * `workflow-state.json`: ReaperOAK's per-session state machine. "Reset per session": while
 * `overall_status` is `idle`, `session_id`, `started_at` and `current_phase` may be `null` (the
 * state between sessions); in any other status they hold a value ({@link workflowIdleProblems}).
 */
export const WorkflowState = Type.Object(
  {
    session_id: Type.Union([Type.String({ pattern: SESSION_ID_PATTERN }), Type.Null()]),
    started_at: Type.Union([DateTime, Type.Null()]),
    overall_status: StringEnum(['idle', 'active', 'completed', 'failed'] as const),
    current_phase: Type.Union([StringEnum(PHASES), Type.Null()]),
    phases: OpenRecord(PhaseState, 'per-phase status, agents, outputs'),
    fix_loop_count: Type.Integer({ minimum: 0, maximum: 3 }),
    blockers: Type.Array(AnyObject('a blocker')),
  },
  {
    title: 'workflow-state.json',
    // For other JSON Schema validators; memkit reports it in workflowIdleProblems, with a pointer per field.
    allOf: [
      {
        if: { type: 'object', properties: { overall_status: { type: 'string', const: 'idle' } }, required: ['overall_status'] },
        else: { type: 'object', properties: Object.fromEntries(SESSION_FIELDS.map((f) => [f, { type: 'string' }])) },
      },
    ],
  },
);

/** One artifact in `artifacts-manifest.json`. */
export const Artifact = Type.Object({
  path: Text('file path'),
  sha256: Sha256,
  created_by: AgentId,
  phase: Text(),
  created_at: DateTime,
});

/** `artifacts-manifest.json`: versioned build outputs. */
export const ArtifactsManifest = Type.Object(
  {
    session_id: Text(),
    artifacts: Type.Array(Artifact),
    dependency_graph: OpenRecord(Type.Array(Type.String()), 'artifact path → upstream artifact paths'),
  },
  { title: 'artifacts-manifest.json' },
);

/** One timestamped block of `feedback-log.md`. */
export const FeedbackLogEntry = Type.Object(
  {
    timestamp: DateTime,
    from_agent: AgentId,
    to_agent: AgentId,
    category: StringEnum(['defect', 'suggestion', 'concern', 'praise'] as const),
    severity: StringEnum(['low', 'medium', 'high', 'critical'] as const),
    artifact_path: Text('file being reviewed'),
    description: Text(),
    evidence: Type.String(),
    predecessor_hash: PredecessorHash,
  },
  { title: 'feedback-log.md entry' },
);

/** systemPatterns.md header. */
export type SystemPatternsHeader = Static<typeof SystemPatternsHeader>;
/** productContext.md entry. */
export type ProductContextEntry = Static<typeof ProductContextEntry>;
/** activeContext.md entry. */
export type ActiveContextEntry = Static<typeof ActiveContextEntry>;
/** decisionLog.md entry. */
export type DecisionLogEntry = Static<typeof DecisionLogEntry>;
/** progress.md row. */
export type ProgressRow = Static<typeof ProgressRow>;
/** riskRegister.md entry. */
export type RiskRegisterEntry = Static<typeof RiskRegisterEntry>;
/** workflow-state.json. */
export type WorkflowState = Static<typeof WorkflowState>;
/** artifacts-manifest.json. */
export type ArtifactsManifest = Static<typeof ArtifactsManifest>;
/** feedback-log.md entry. */
export type FeedbackLogEntry = Static<typeof FeedbackLogEntry>;

const isStringArray = (v: unknown): boolean => Array.isArray(v) && v.every((x) => typeof x === 'string');

/** `convention.workflow-phase`: phase keys of {@link PHASES}, each with a `status` of {@link PHASE_STATUSES} and string arrays `agents` and `outputs`. */
export function workflowPhaseConventions(value: unknown): Problem[] {
  const phases = isObject(value) ? value.phases : undefined;
  if (!isObject(phases)) return [];
  const out: Problem[] = [];
  const say = (pointer: string, message: string) => out.push(warning('convention.workflow-phase', message, { pointer }));
  for (const [name, phase] of Object.entries(phases)) {
    const at = joinPointer('/phases', name);
    if (!(PHASES as readonly string[]).includes(name)) say(at, `phase ${JSON.stringify(name)} is not one of the workflow phases (${PHASES.join(', ')})`);
    if (!isObject(phase)) continue;
    if (!(PHASE_STATUSES as readonly unknown[]).includes(phase.status)) say(joinPointer(at, 'status'), `status should be one of ${PHASE_STATUSES.join(', ')}`);
    for (const key of ['agents', 'outputs'] as const) if (!isStringArray(phase[key])) say(joinPointer(at, key), `${key} should be an array of strings`);
  }
  return out;
}

/**
 * `schema.null-unless-idle`: `session_id`, `started_at` or `current_phase` is `null` while
 * `overall_status` is not `idle` (the seed: "Reset per session"; only the idle state between
 * sessions has no session, start time or phase).
 */
export function workflowIdleProblems(value: unknown): Problem[] {
  if (!isObject(value) || value.overall_status === 'idle') return [];
  const out: Problem[] = [];
  const status = JSON.stringify(value.overall_status ?? null);
  for (const f of SESSION_FIELDS)
    if (value[f] === null) out.push(error('schema.null-unless-idle', `${f} is null while overall_status is ${status}; it may be null only while the workflow is idle`, { pointer: `/${f}` }));
  return out;
}

// Letters and digits only, lowercased: "Information disclosure", "information_disclosure", "denial-of-service",
// "InformationDisclosure" and "D.o.S." read alike.
const strideKey = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
const STRIDE_NAMES = new Set<string>(STRIDE);
/**
 * Each spelling's key → its category's index in {@link STRIDE}: the names, the letters S T R I D E,
 * DoS and EoP, and the variants threat models write (`Info Disclosure`, `DDoS`, `Privilege Escalation`).
 */
const STRIDE_KEYS = new Map<string, number>([
  ...STRIDE.map((name, i) => [strideKey(name), i] as const),
  ...[...'stride'].map((letter, i) => [letter, i] as const),
  ['infodisclosure', 3],
  ['dos', 4],
  ['ddos', 4],
  ['eop', 5],
  ...['elevationofprivileges', 'privilegeescalation', 'escalationofprivilege', 'escalationofprivileges'].map((k) => [k, 5] as const),
]);
// A name is at most three words long ("denial of service").
const MAX_NAME_WORDS = 3;

/**
 * The STRIDE categories `s` names (indexes into {@link STRIDE}), reading it as words split at
 * non-letters and at camel case, and whether those names are all it says. A single letter counts
 * only as a capital word of its own (the `I` of prose is not Information Disclosure).
 */
function strideNames(s: string): { categories: Set<number>; only: boolean } {
  const words = s
    .split(/[^\p{L}\p{N}]+/u)
    .filter((t) => t !== '')
    .flatMap((t) => (t.length === 1 ? [t] : t.split(/(?<=\p{Ll})(?=\p{Lu})/u)));
  const categories = new Set<number>();
  let only = true;
  for (let i = 0; i < words.length; ) {
    let matched = 0;
    for (let n = Math.min(MAX_NAME_WORDS, words.length - i); n >= 1 && matched === 0; n--) {
      const run = words.slice(i, i + n).join('');
      const category = run.length === 1 ? ('STRIDE'.includes(run) ? STRIDE_KEYS.get(run.toLowerCase()) : undefined) : STRIDE_KEYS.get(run.toLowerCase());
      if (category !== undefined) {
        categories.add(category);
        matched = n;
      }
    }
    if (matched === 0) only = false;
    i += Math.max(matched, 1);
  }
  return { categories, only };
}

/**
 * True when `s` names one of the six STRIDE categories and nothing else: its name in any case and
 * with any separator or none (`Information Disclosure`, `information_disclosure`, `denial-of-service`,
 * `ElevationOfPrivileges`), a single letter of STRIDE, `DoS` or `EoP`, or several of these spellings
 * of the same category (`Denial of Service (DoS)`).
 */
export function isStrideCategory(s: string): boolean {
  // The names as the format spells them (what memkit writes) need no folding.
  if (STRIDE_NAMES.has(s) || STRIDE_KEYS.has(strideKey(s))) return true;
  const named = strideNames(s);
  return named.only && named.categories.size === 1;
}

/**
 * The `threat_type` of a risk that is not one STRIDE category (the seed: "string (STRIDE category)"):
 * a value naming none of the six in any spelling is `schema.stride-category`, an error; one naming
 * categories among other text or several of them (`Spoofing / Tampering`) is
 * `convention.stride-category`, a warning.
 */
export function threatTypeProblems(value: unknown): Problem[] {
  const t = isObject(value) ? value.threat_type : undefined;
  if (typeof t !== 'string' || isStrideCategory(t)) return [];
  const at = { pointer: '/threat_type' };
  const named = strideNames(t).categories;
  if (named.size === 0) return [error('schema.stride-category', `threat_type ${JSON.stringify(t)} names no STRIDE category (${STRIDE.join(', ')}, or S, T, R, I, D, E, DoS, EoP)`, at)];
  const names = [...named].map((i) => STRIDE[i]).join(', ');
  const what = named.size === 1 ? `names ${names} among other text` : `names ${named.size} STRIDE categories (${names})`;
  return [warning('convention.stride-category', `threat_type ${JSON.stringify(t)} ${what}; memkit writes one category per risk`, at)];
}

/** `convention.source-chunk-hash`: `source_chunks` items that are not lowercase hex SHA-256 (the seed says only "hashes"). */
export function sourceChunkConventions(value: unknown): Problem[] {
  const chunks = isObject(value) ? value.source_chunks : undefined;
  if (!Array.isArray(chunks)) return [];
  const out: Problem[] = [];
  for (let i = 0; i < chunks.length; i++)
    if (typeof chunks[i] === 'string' && !isLowerSha256(chunks[i]))
      out.push(warning('convention.source-chunk-hash', "source chunk hashes are lowercase hex SHA-256 in memkit's convention", { pointer: `/source_chunks/${i}` }));
  return out;
}

/** The hash fields of Memory Bank entries and headers: SHA-256 hex, in either case by the format. */
const HASH_FIELDS = ['predecessor_hash', 'payload_hash', 'diff_hash', 'hash'] as const;

const upperHexWarning = (pointer: string): Problem => warning('convention.lowercase-hex', 'this SHA-256 is in upper or mixed case; memkit writes lowercase hex', { pointer });
// The lowercase test first: a hash in memkit's form (the usual case) is read once, not twice.
const isUpperHex = (s: unknown): s is string => typeof s === 'string' && !isLowerSha256(s) && isHex64(s);

/** `convention.lowercase-hex`: a SHA-256 in upper or mixed case (valid; memkit writes lowercase and reads either). */
export function hexCaseConventions(value: unknown): Problem[] {
  // Runs on every valid value: no closures on the path that finds nothing.
  const out: Problem[] = [];
  if (!isObject(value)) return out;
  for (const f of HASH_FIELDS) if (isUpperHex(value[f])) out.push(upperHexWarning(`/${f}`));
  const artifacts = value.artifacts;
  if (Array.isArray(artifacts))
    for (let i = 0; i < artifacts.length; i++) {
      const a = artifacts[i];
      if (isObject(a) && isUpperHex(a.sha256)) out.push(upperHexWarning(`/artifacts/${i}/sha256`));
    }
  return out;
}
