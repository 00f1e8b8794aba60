import Type, { type Static } from 'typebox';
import { type Problem, joinPointer, warning } from '../../kernel/problems/index.js';
import { AnyObject, DateTime, OpenRecord, SHA256_HEX_PATTERN, SeedSemver, Sha256, StringEnum, Text } from './common.js';
import { withForm } from '../form.js';
import { isHex64, isLowerSha256 } from '../hex.js';

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
    // A string naming a STRIDE category, in any case or spelling; other values: convention.stride-category.
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

/** `workflow-state.json`: ReaperOAK's per-session state machine. */
export const WorkflowState = Type.Object(
  {
    session_id: Type.String({ pattern: SESSION_ID_PATTERN }),
    started_at: DateTime,
    overall_status: StringEnum(['idle', 'active', 'completed', 'failed'] as const),
    current_phase: StringEnum(PHASES),
    phases: OpenRecord(PhaseState, 'per-phase status, agents, outputs'),
    fix_loop_count: Type.Integer({ minimum: 0, maximum: 3 }),
    blockers: Type.Array(AnyObject('a blocker')),
  },
  { title: 'workflow-state.json' },
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

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
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

// Letters only, lowercased: "Information disclosure", "information-disclosure" and "InformationDisclosure" read alike.
const strideKey = (s: string) => s.toLowerCase().replace(/[^a-z]/g, '');
const STRIDE_KEYS = new Set([...STRIDE.map(strideKey), 'elevationofprivileges']);

/** True when `s` names one of the six STRIDE categories, in any case, spacing or punctuation. */
export function isStrideCategory(s: string): boolean {
  // The names as the format spells them (what memkit writes) need no folding.
  return STRIDE_NAMES.has(s) || STRIDE_KEYS.has(strideKey(s));
}
const STRIDE_NAMES = new Set<string>(STRIDE);

/** `convention.stride-category`: a `threat_type` that names no STRIDE category (the seed types it as a string). */
export function threatTypeConventions(value: unknown): Problem[] {
  const t = isObject(value) ? value.threat_type : undefined;
  return typeof t !== 'string' || isStrideCategory(t)
    ? []
    : [warning('convention.stride-category', `threat_type ${JSON.stringify(t)} is not a STRIDE category (${STRIDE.join(', ')})`, { pointer: '/threat_type' })];
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
