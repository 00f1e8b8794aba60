// One valid sample per format, then one mutation per seed rule: each asserts the exact
// code and pointer, so removing the rule from the schema makes its row fail.
import { describe, expect, it } from 'vitest';
import { parsePointer } from '../../src/kernel/problems/index.js';
import { compileValidator, formatIds, isValid, parseFormat, validate } from '../../src/schema/index.js';
import { sample, samples } from './samples.js';

const DEL = Symbol('delete');
type Row = [at: string, value: unknown, code: string | null, pointer?: string];

const R = 'schema.required';
const TYPE = 'schema.type';
const ENUM = 'schema.enum';
const PAT = 'schema.pattern';
const FMT = 'schema.format';
const MIN = 'schema.min-length';
const ADD = 'schema.additional-properties';
const CONST = 'schema.const';
const BAD_DATE = '2026-02-30T00:00:00Z';

function mutate(value: unknown, at: string, to: unknown): unknown {
  const copy = structuredClone(value) as Record<string, unknown>;
  const path = parsePointer(at)!;
  const last = path.pop()!;
  let node: any = copy;
  for (const key of path) node = node[key];
  if (to === DEL) delete node[last];
  else if (Array.isArray(node)) node[Number(last)] = to;
  else Object.defineProperty(node, last, { value: to, enumerable: true, writable: true, configurable: true });
  return copy;
}

/** Rows shared by every date-time field. */
const dateTime = (at: string): Row[] => [
  [at, BAD_DATE, FMT],
  [at, '2026-13-01T00:00:00Z', FMT],
  [at, '2026-02-20', FMT],
  [at, '2026-02-20T02:00:00', FMT],
  [at, '2026-02-20 02:00:00Z', FMT],
  [at, '2026-02-20T24:00:00Z', FMT],
  // RFC 3339 §5.7: a leap second, at 23:59:60 UTC only.
  [at, '2026-02-20T23:59:60Z', null],
  [at, '2026-02-20T15:59:60-08:00', null],
  [at, '2026-02-20T12:00:60Z', FMT],
  [at, '2026-02-20T02:00:00Z[Europe/Paris]', FMT],
  [at, '2026-02-20T02:00:00+0200', FMT],
  [at, '2026-W08-5T02:00:00Z', FMT],
  [at, 20260220, TYPE],
];
/** Rows of a date-time field the seed calls ISO 8601: any valid ISO 8601 form; outside memkit's RFC 3339 profile a convention warning. */
const PROFILE = 'convention.date-time-profile';
const isoDateTime = (at: string): Row[] => [
  [at, BAD_DATE, FMT],
  [at, '2026-13-01T00:00:00Z', FMT],
  [at, '2026-02-20', FMT],
  [at, '2026-02-20T02:00:00', PROFILE],
  [at, '2026-02-20T02:00', PROFILE],
  [at, '2026-02-20T02:00:00,5Z', PROFILE],
  [at, '2026-02-20 02:00:00Z', FMT],
  [at, '2026-02-20T24:00:00Z', FMT],
  // A leap second is RFC 3339, so in memkit's form; only at 23:59:60 UTC.
  [at, '2026-02-20T23:59:60Z', null],
  [at, '2026-02-20T23:59:60', PROFILE],
  [at, '2026-02-20T12:00:60Z', FMT],
  // Week and ordinal dates are ISO 8601 date-times.
  [at, '2026-W08-5T02:00:00Z', PROFILE],
  [at, '2026-051T02:00:00Z', PROFILE],
  [at, '2025-W53-1T02:00:00Z', FMT],
  [at, '2025-366T02:00:00Z', FMT],
  [at, '2026-02-20T02:00:00Z[Europe/Paris]', FMT],
  [at, '2026-02-20T02:00:00+0200', PROFILE],
  [at, '2026-02-20T02:00:00+02', PROFILE],
  [at, '20260220T020000Z', PROFILE],
  [at, '20260230T020000Z', FMT],
  [at, '2026-02-20T020000Z', FMT],
  [at, '2026-02-20T02:00:00.123456+05:30', null],
  [at, 20260220, TYPE],
];
/** Rows of a Memory Bank SHA-256 field: hex in either case (upper case is memkit's lowercase convention). */
const sha = (at: string): Row[] => [
  [at, 'A'.repeat(64), 'convention.lowercase-hex'],
  [at, 'aB'.repeat(32), 'convention.lowercase-hex'],
  [at, 'a'.repeat(64), null],
  [at, 'a'.repeat(63), PAT],
  [at, 'g'.repeat(64), PAT],
];
const required = (...names: string[]): Row[] => names.map((n) => [n, DEL, R]);
const nonEmpty = (at: string): Row[] => [
  [at, '', MIN],
  [at, 1, TYPE],
];
/**
 * A Memory Bank string the seed types only as `string` (memory-bank-schema.md: `rationale: string`,
 * `agent: string` …): '' is valid, and memkit's reading that it is not is `convention.empty-string`,
 * the rule a thread store's `threads.empty-string` follows too.
 */
const text = (at: string): Row[] => [
  [at, '', 'convention.empty-string'],
  [at, 1, TYPE],
];
/** A string the format types only as a string: empty is valid (memkit's reading that it is not is a convention rule). */
const anyString = (at: string): Row[] => [
  [at, '', null],
  [at, 1, TYPE],
];

const rules: Record<string, Row[]> = {
  'memory-doc': [
    ...required('/id', '/title', '/kind', '/tags', '/created', '/updated', '/provenance', '/verification'),
    // The seed says only <stable-id>: memkit's id form is a convention.
    ['/id', '-starts-with-dash', 'convention.thunderus-id'],
    ['/id', 'has space', 'convention.thunderus-id'],
    ['/id', 'a'.repeat(201), 'convention.thunderus-id'],
    ['/id', '', MIN],
    ['/id', 7, TYPE],
    ...nonEmpty('/title'),
    ['/kind', 'note', ENUM],
    ['/kind', 'FACT', ENUM],
    ['/tags', 'testing', TYPE],
    ['/tags/0', 7, TYPE],
    ...dateTime('/created'),
    ...dateTime('/updated'),
    ...required('/provenance/events', '/provenance/patches'),
    ['/provenance/commits', DEL, null],
    ['/provenance/events/0', 'e1', PAT],
    ['/provenance/events/0', 'evt_a b', 'convention.thunderus-id'],
    ['/provenance/patches/0', 'p1', PAT],
    ['/provenance/commits/0', 'XYZ', PAT],
    ['/provenance/commits/0', '012345', PAT],
    ...required('/verification/last_verified_commit', '/verification/status'),
    ['/verification/last_verified_commit', 'not-a-sha', PAT],
    ['/verification/last_verified_commit', '0123abcd', null],
    ['/verification/status', 'fresh', ENUM],
    ['/extra', 'kept', null],
  ],
  'memory-manifest': [
    ...required('/version', '/generated_at', '/docs'),
    ['/version', 2, CONST],
    ['/version', '1', TYPE],
    ...dateTime('/generated_at'),
    ['/docs', {}, TYPE],
    ...required('/docs/0/path', '/docs/0/id', '/docs/0/kind', '/docs/0/title', '/docs/0/tags', '/docs/0/updated', '/docs/0/provenance'),
    ...nonEmpty('/docs/0/path'),
    ['/docs/0/id', ' x', 'convention.thunderus-id'],
    ['/docs/0/id', '', MIN],
    ['/docs/0/kind', 'episode', ENUM],
    ...nonEmpty('/docs/0/title'),
    ...dateTime('/docs/0/updated'),
    ['/docs/0/provenance/events/0', 'x', PAT],
  ],
  event: [
    ...required('/v', '/id', '/ts', '/session_id', '/actor', '/kind', '/refs', '/body'),
    ['/v', 2, CONST],
    ['/id', 'event_1', PAT],
    ['/id', 'evt_', PAT],
    ['/id', 'evt_2026-02-20T02:00:00Z', 'convention.thunderus-id'],
    ['/session_id', 'sess_a/b', 'convention.thunderus-id'],
    ...dateTime('/ts'),
    ['/session_id', 'session_1', PAT],
    ['/actor', 'system', ENUM],
    ['/kind', 'commit', ENUM],
    ['/refs', [], TYPE],
    ['/refs/paths', 'src/a.ts', TYPE],
    ['/refs/patch_id', DEL, R],
    ['/refs/patch_id', 'p1', PAT],
    ['/refs/snapshot_id', 'snapshot_1', PAT],
    ['/refs/memory_doc_ids/0', '', MIN],
    ['/refs/memory_doc_ids/0', 'fact x', 'convention.thunderus-id'],
    ['/body', 'text', TYPE],
    ['/body', [], TYPE],
  ],
  'gardener-config': [
    ...required('/size_caps', '/allowed_kinds', '/dedup', '/recap_template'),
    ['/version', DEL, null],
    ['/version', 2, CONST],
    ['/size_caps/max_doc_bytes', 0, 'schema.minimum'],
    ['/size_caps/max_doc_bytes', 1.5, TYPE],
    ['/size_caps/max_docs', -1, 'schema.minimum'],
    ['/size_caps/max_docs_per_kind/note', 1, 'convention.gardener-config'],
    ['/size_caps/max_docs_per_kind/recap', -1, 'schema.minimum'],
    ['/size_caps/bogus', 1, 'convention.gardener-config'],
    ['/allowed_kinds', [], 'schema.min-items'],
    ['/allowed_kinds/1', 'core', 'schema.unique-items', '/allowed_kinds'],
    ['/allowed_kinds/0', 'note', ENUM],
    ['/dedup/strategy', 'fuzzy', 'convention.gardener-config'],
    ['/dedup/strategy', '', MIN],
    ['/dedup/strategy', DEL, R],
    ['/dedup/extra', 1, 'convention.gardener-config'],
    ...required('/recap_template/path', '/recap_template/required_sections'),
    ['/recap_template/required_sections/1', 'Notes', 'schema.contains', '/recap_template/required_sections'],
    ['/recap_template/required_sections/0', 'Provenance', 'schema.unique-items', '/recap_template/required_sections'],
    ['/extra', 1, 'convention.gardener-config'],
  ],
  'system-patterns-header': [
    ...required('/version', '/hash', '/locked_by', '/immutable'),
    // memory-bank-schema.md's own header writes `version: "2.0"` for "semver": valid (the
    // format's check warns, system-patterns.version-two-part), as a thread store's "1.0" is.
    ['/version', '2.0', null],
    ['/version', '2', PAT],
    ['/version', '2.0.0.0', PAT],
    ['/version', 'v2.0.0', PAT],
    ['/version', '2.0.0-rc.1+b.7', null],
    ...sha('/hash'),
    ['/locked_by', 'Someone', CONST],
    ['/immutable', false, CONST],
  ],
  'product-context-entry': [
    ...required('/ts', '/author_agent', '/summary', '/payload_hash', '/payload_loc', '/predecessor_hash'),
    ...isoDateTime('/ts'),
    ...text('/author_agent'),
    ['/summary', 'x'.repeat(257), 'schema.max-length'],
    ['/summary', 'x'.repeat(256), null],
    ['/summary', '\u{1F600}'.repeat(256), null],
    ...sha('/payload_hash'),
    ...text('/payload_loc'),
    ...sha('/predecessor_hash'),
  ],
  'active-context-entry': [
    ...required('/ts', '/source_agent', '/source_chunks', '/summary_128', '/predecessor_hash'),
    ...isoDateTime('/ts'),
    ...text('/source_agent'),
    ['/source_chunks/0', 'abc', 'convention.source-chunk-hash'],
    ['/source_chunks/0', 5, TYPE],
    ['/summary_128', 'word '.repeat(128).trim(), null],
    // 129 words: each is a token whatever the tokenizer, so over 128 for certain.
    ['/summary_128', 'word '.repeat(129).trim(), 'schema.max-tokens'],
    // 128 words the estimate counts as two tokens each: over only by the estimate.
    ['/summary_128', 'memory '.repeat(128).trim(), 'convention.token-estimate'],
    ['/summary_128', 'x'.repeat(128 * 1024 + 1), 'schema.max-tokens'],
    ['/summary_128', 5, TYPE],
    ...sha('/predecessor_hash'),
  ],
  'decision-log-entry': [
    ...required('/id', '/ts', '/proposer_agent', '/rationale', '/diff_hash', '/tests_passed', '/predecessor_hash'),
    ['/id', 'DEC-2026022-001', PAT],
    ['/id', 'DEC-20260220-01', PAT],
    ['/id', 'dec-20260220-001', PAT],
    ['/id', 'DEC-20260230-001', 'schema.id-date'],
    ['/id', 'DEC-20250229-001', 'schema.id-date'],
    ['/id', 'DEC-20261301-001', 'schema.id-date'],
    ['/id', 'DEC-20240229-999', null],
    ...isoDateTime('/ts'),
    ...text('/proposer_agent'),
    ...text('/rationale'),
    ...sha('/diff_hash'),
    ['/tests_passed', 'true', TYPE],
    ...sha('/predecessor_hash'),
  ],
  'progress-row': [
    ...required('/task_id', '/status', '/agent', '/milestone_severity', '/updated_at'),
    ...text('/task_id'),
    ['/status', 'pending', ENUM],
    ['/status', 'CANCELLED', ENUM],
    ...text('/agent'),
    ['/milestone_severity', 'CRITICAL', ENUM],
    ...isoDateTime('/updated_at'),
  ],
  'risk-register-entry': [
    ...required('/risk_id', '/ts', '/reporter_agent', '/threat_type', '/severity', '/description', '/mitigation', '/status', '/predecessor_hash'),
    ['/risk_id', 'RISK-20260220-1', PAT],
    ['/risk_id', 'DEC-20260220-001', PAT],
    ['/risk_id', 'RISK-20230229-001', 'schema.id-date'],
    ...isoDateTime('/ts'),
    ...text('/reporter_agent'),
    ['/threat_type', 'Phishing', 'schema.stride-category'],
    ['/threat_type', 'Spoofing / Tampering', 'convention.stride-category'],
    ['/threat_type', 'S', null],
    ['/threat_type', 'DoS', null],
    ['/threat_type', 'EoP', null],
    ['/threat_type', 'tampering', null],
    ['/threat_type', 'Information disclosure', null],
    ['/threat_type', 'denial-of-service', null],
    ['/threat_type', 5, TYPE],
    ['/severity', 'INFO', ENUM],
    ...text('/description'),
    ['/mitigation', '', null],
    ['/status', 'DONE', ENUM],
    ...sha('/predecessor_hash'),
  ],
  'workflow-state': [
    ...required('/session_id', '/started_at', '/overall_status', '/current_phase', '/phases', '/fix_loop_count', '/blockers'),
    ['/session_id', 'SESSION-20260220-2359', PAT],
    ['/session_id', 'sess_1', PAT],
    ['/session_id', 'SESSION-20260230-120000', 'schema.id-date'],
    ['/session_id', 'SESSION-20260220-240000', 'schema.id-date'],
    ['/session_id', 'SESSION-20260220-126000', 'schema.id-date'],
    ...isoDateTime('/started_at'),
    ['/overall_status', 'paused', ENUM],
    // Reset per session: null only while idle.
    ['/session_id', null, 'schema.null-unless-idle'],
    ['/started_at', null, 'schema.null-unless-idle'],
    ['/current_phase', null, 'schema.null-unless-idle'],
    ['/current_phase', 'DEPLOY', ENUM],
    ['/phases/DEPLOY', { status: 'pending', agents: [], outputs: [] }, 'convention.workflow-phase'],
    ['/phases/SPEC/status', 'done', 'convention.workflow-phase'],
    ['/phases/SPEC/status', DEL, 'convention.workflow-phase'],
    ['/phases/SPEC/agents', DEL, 'convention.workflow-phase'],
    ['/phases/SPEC/outputs', 'x', 'convention.workflow-phase'],
    ['/phases/SPEC', 'done', TYPE],
    ['/phases', [], TYPE],
    ['/fix_loop_count', 4, 'schema.maximum'],
    ['/fix_loop_count', -1, 'schema.minimum'],
    ['/fix_loop_count', 1.5, TYPE],
    ['/fix_loop_count', 0, null],
    ['/blockers', {}, TYPE],
    ['/blockers/0', 'stuck', TYPE],
  ],
  'artifacts-manifest': [
    ...required('/session_id', '/artifacts', '/dependency_graph'),
    ...text('/session_id'),
    ...required('/artifacts/0/path', '/artifacts/0/sha256', '/artifacts/0/created_by', '/artifacts/0/phase', '/artifacts/0/created_at'),
    ...text('/artifacts/0/path'),
    ...sha('/artifacts/0/sha256'),
    ...text('/artifacts/0/created_by'),
    ...text('/artifacts/0/phase'),
    ...isoDateTime('/artifacts/0/created_at'),
    ['/dependency_graph/dist~1a.js', 'src/a.ts', TYPE],
    ['/dependency_graph/dist~1a.js/0', 1, TYPE],
  ],
  'feedback-log-entry': [
    ...required('/timestamp', '/from_agent', '/to_agent', '/category', '/severity', '/artifact_path', '/description', '/evidence', '/predecessor_hash'),
    ...isoDateTime('/timestamp'),
    ...text('/from_agent'),
    ...text('/to_agent'),
    ['/category', 'bug', ENUM],
    ['/severity', 'HIGH', ENUM],
    ...text('/artifact_path'),
    ...text('/description'),
    ['/evidence', '', null],
    ...sha('/predecessor_hash'),
  ],
  'export-manifest': [
    ...required('/superagents_export', '/schema_version', '/exported_at', '/agent_id', '/record_types'),
    ['/superagents_export', 1, TYPE],
    ['/superagents_export', '2', CONST],
    ['/schema_version', 0, 'schema.minimum'],
    ['/schema_version', '1', TYPE],
    ['/schema_version', 1.5, TYPE],
    ['/schema_version', 2, null],
    ...dateTime('/exported_at'),
    ...nonEmpty('/agent_id'),
    ['/record_types/1', 'Fact', 'schema.unique-items', '/record_types'],
    ['/record_types/0', '', MIN],
    ['/record_counts/Fact', -1, 'schema.minimum'],
    ['/record_counts', DEL, null],
    ['/digest', 'x', PAT],
    ['/digest', DEL, null],
  ],
  'export-fact-v1': [
    ...required('/type', '/id', '/statement', '/tags', '/source', '/created_at', '/updated_at'),
    ['/type', 'Decision', CONST],
    ...nonEmpty('/id'),
    ...nonEmpty('/statement'),
    ['/tags/0', 1, TYPE],
    ['/source', 'docs/a.md', null],
    ['/source', 3, TYPE],
    ...dateTime('/created_at'),
    ...dateTime('/updated_at'),
  ],
  'export-decision-v1': [
    ...required('/type', '/id', '/title', '/rationale', '/status', '/decided_at', '/supersedes'),
    ['/type', 'Fact', CONST],
    ...nonEmpty('/id'),
    ...nonEmpty('/title'),
    ['/rationale', '', null],
    ['/status', 'draft', ENUM],
    ...dateTime('/decided_at'),
    ['/supersedes', 'd0', null],
    ['/supersedes', '', MIN],
  ],
  'export-identity-v1': [
    ...required('/type', '/id', '/name', '/role', '/traits', '/created_at'),
    ['/type', 'Fact', CONST],
    ...nonEmpty('/id'),
    ...nonEmpty('/name'),
    ['/role', 1, TYPE],
    ['/traits', 'careful', TYPE],
    ...dateTime('/created_at'),
  ],
  'thread-store': [
    ...required('/version', '/metadata', '/threads', '/operations', '/relations'),
    ['/version', '1.0', null], // MAJOR.MINOR: the format's own example
    ['/version', '1', PAT],
    ['/version', '1.0.0.0', PAT],
    ['/version', '01.0.0', PAT],
    ['/version', '1.0.0-beta+exp.sha.5114f85', null],
    ...required('/metadata/last_updated', '/metadata/thread_count'),
    ...isoDateTime('/metadata/last_updated'),
    ['/metadata/thread_count', -1, null], // "number"; the count itself is threads.count-mismatch
    ['/metadata/thread_count', '2', TYPE],
    ['/threads/bad id', sample('thread'), ADD],
    ['/threads/root/status', 'deleted', ENUM],
    ['/threads/root/parent_id', DEL, R],
    ['/threads/root/parent_id', 'bad id', PAT],
    ['/operations/0/operator', 'bot', ENUM],
    ['/operations', {}, TYPE],
    ['/relations/bad.id', { children: [], references_to: [], referenced_by: [], depends_on: [] }, ADD],
    ['/relations/root/children', DEL, R],
    ['/relations/root/children/0', 'bad id', PAT],
  ],
  thread: [
    ...required('/id', '/title', '/objective', '/created_at', '/status', '/parent_id', '/storage_path'),
    ['/id', 'has space', PAT],
    ['/id', 'dot.ted', PAT],
    ['/id', '__proto__', PAT],
    ['/id', 'under_score-1', null],
    ['/id', '', PAT],
    ...anyString('/title'),
    ...anyString('/objective'),
    ...isoDateTime('/created_at'),
    ['/status', 'closed', ENUM],
    ['/tags', DEL, null],
    ['/tags', ['a', 1], TYPE, '/tags/1'],
    ['/parent_id', 'p_1', null],
    ['/parent_id', 'a/b', PAT],
    ...anyString('/storage_path'),
    ['/extra', 'kept', null],
  ],
  'thread-operation': [
    ...required('/id', '/timestamp', '/command', '/operator', '/params'),
    ...anyString('/id'),
    ...isoDateTime('/timestamp'),
    ...anyString('/command'),
    ['/command', 'merge', null],
    ['/operator', 'admin', ENUM],
    ['/params', [], TYPE],
  ],
  'thread-relations': [
    ...required('/children', '/references_to', '/referenced_by', '/depends_on'),
    ['/children/0', 'a b', PAT],
    ['/references_to', 'b', TYPE],
    ['/referenced_by', [1], TYPE, '/referenced_by/0'],
    ['/depends_on/0', 'c.1', PAT],
  ],
  'wbs-task-index': [
    ...required('/version', '/tasks'),
    ['/version', '1.0', PAT],
    ['/tasks', {}, TYPE],
    ...required('/tasks/0/id', '/tasks/0/type', '/tasks/0/status', '/tasks/0/parent', '/tasks/0/children', '/tasks/0/dependencies'),
    ['/tasks/0/progress', DEL, null],
    ['/tasks/0/deliverables', DEL, null],
    ['/tasks/0/type', 'feature', 'wbs.type-depth'],
    ['/tasks/1/type', 'task', 'wbs.type-depth'],
    ['/tasks/1/type', 'story', ENUM],
    ['/tasks/0/status', 'in_progress', ENUM],
    ['/tasks/0/parent', '0', PAT],
    ['/tasks/0/children/0', '1.0', PAT],
    ['/tasks/0/dependencies/0', '1.2.3.4', PAT],
    ...required('/tasks/0/progress/completed', '/tasks/0/progress/total'),
    ['/tasks/0/progress/completed', 0.5, null], // "number"; what it counts is wbs.progress-mismatch
    ['/tasks/0/progress/total', 'x', TYPE],
    ['/tasks/0/deliverables/0', 1, TYPE],
  ],
  'wbs-index-entry': [
    ...required('/id', '/type', '/status', '/parent', '/children', '/dependencies'),
    ['/id', '0', PAT],
    ['/id', '1.02', PAT],
    ['/id', '1.2.3.4', PAT],
    ['/id', '1.', PAT],
    ['/type', 'epic', 'wbs.type-depth'],
    ['/type', 'feature', 'wbs.type-depth'],
    ['/status', 'blocked', ENUM],
    ['/parent', null, null],
    ['/parent', 1, TYPE],
    ['/children', 'x', TYPE],
    ['/dependencies/0', 'x', PAT],
  ],
  'wbs-task': [
    ...required('/id', '/type', '/status'),
    ...['/title', '/description', '/parent', '/children', '/dependencies', '/acceptanceCriteria', '/deliverables', '/tests', '/agent', '/startedAt', '/completedAt', '/validationResults'].map(
      (p): Row => [p, DEL, null],
    ),
    ['/id', '1.2.3.4', PAT],
    ['/type', 'feature', 'wbs.type-depth'],
    ['/status', 'DONE', ENUM],
    ['/parent', 'x', PAT],
    ['/children/0', 'x', PAT],
    ['/startedAt', BAD_DATE, FMT],
    ['/completedAt', '2025-10-01T10:05:00Z', null],
    ['/completedAt', 'soon', FMT],
    ['/validationResults/testsPass', 'yes', TYPE],
    ['/acceptanceCriteria/0', 1, TYPE],
  ],
};

describe('seed rules: one mutation per rule', () => {
  it('has a sample and rules for every format', () => {
    expect(Object.keys(samples).sort()).toEqual([...formatIds].sort());
    expect(Object.keys(rules).sort()).toEqual([...formatIds].sort());
  });

  for (const id of formatIds) {
    describe(id, () => {
      it('accepts the sample', () => {
        expect(validate(id, samples[id])).toEqual([]);
      });
      it.each(rules[id]!.map((r) => [r[0], r[1] === DEL ? '(deleted)' : JSON.stringify(r[1])?.slice(0, 40), r[2] ?? 'valid', r] as const))(
        '%s = %s → %s',
        (_at, _shown, _code, [at, value, code, pointer]) => {
          const problems = validate(id, mutate(samples[id], at, value));
          if (code === null) expect(problems).toEqual([]);
          else expect(problems.map((p) => [p.code, p.pointer])).toEqual([[code, pointer ?? at]]);
        },
      );
    });
  }
});

describe('semantic checks', () => {
  it('patch and snapshot events need their ref', () => {
    const patch = sample('event');
    delete patch.refs.patch_id;
    expect(validate('event', patch).map((p) => [p.code, p.pointer])).toEqual([['schema.required', '/refs/patch_id']]);
    const snap = { ...sample('event'), kind: 'snapshot' };
    expect(validate('event', snap).map((p) => [p.code, p.pointer])).toEqual([['schema.required', '/refs/snapshot_id']]);
    expect(validate('event', { ...snap, refs: { snapshot_id: 'snap_1' } })).toEqual([]);
    expect(validate('event', { ...snap, kind: 'note', refs: {} })).toEqual([]);
  });

  it('reports a type-depth mismatch next to other problems', () => {
    const task = { ...sample('wbs-task'), type: 'epic', status: 'nope' };
    expect(validate('wbs-task', task).map((p) => [p.code, p.pointer])).toEqual([
      ['schema.enum', '/status'],
      ['wbs.type-depth', '/type'],
    ]);
  });

  it('counts summary_128 tokens with an injected tokenizer', () => {
    const entry = sample('active-context-entry');
    const oneTokenPerChar = (s: string) => [...s].length;
    expect(validate('active-context-entry', entry, { countTokens: oneTokenPerChar })).toEqual([]);
    entry.summary_128 = 'x'.repeat(129);
    expect(validate('active-context-entry', entry)).toEqual([]);
    expect(validate('active-context-entry', entry, { countTokens: oneTokenPerChar }).map((p) => [p.code, p.pointer])).toEqual([['schema.max-tokens', '/summary_128']]);
    // The compiled default validator is not affected by the injected one.
    expect(validate('active-context-entry', entry)).toEqual([]);
  });

  it('leap days in ids follow the Gregorian rules', () => {
    const ok = (id: string) => validate('decision-log-entry', { ...sample('decision-log-entry'), id }).length === 0;
    expect(ok('DEC-20000229-001')).toBe(true);
    expect(ok('DEC-19000229-001')).toBe(false);
    expect(ok('DEC-20240229-001')).toBe(true);
    expect(ok('DEC-20240431-001')).toBe(false);
    expect(ok('DEC-20240400-001')).toBe(false);
  });

  it('accepts RFC 3339 variants that exist', () => {
    for (const ts of ['2024-02-29T00:00:00Z', '2026-02-20t02:00:00z', '2026-02-20T02:00:00.123456789-11:30', '0001-01-01T00:00:00+00:00'])
      expect(validate('progress-row', { ...sample('progress-row'), updated_at: ts }), ts).toEqual([]);
  });

  it('reports one problem for a date-time that is both malformed and impossible', () => {
    expect(validate('progress-row', { ...sample('progress-row'), updated_at: 'nonsense' })).toEqual([expect.objectContaining({ code: 'schema.format', pointer: '/updated_at', severity: 'error' })]);
  });

  it('unknown formats are a problem, not a throw', () => {
    expect(validate('nope', {}).map((p) => p.code)).toEqual(['schema.unknown-format']);
  });
});

describe('validate options', () => {
  it('semantic: false checks the JSON Schema only', () => {
    const epicAtDepthTwo = { ...sample('wbs-task'), id: '1.2', type: 'epic' };
    expect(validate('wbs-task', epicAtDepthTwo).map((p) => p.code)).toEqual(['wbs.type-depth']);
    expect(validate('wbs-task', epicAtDepthTwo, { semantic: false })).toEqual([]);
    // A schema problem beside it is still reported, and only the semantic one goes.
    const both = { ...epicAtDepthTwo, status: 'later' };
    expect(
      validate('wbs-task', both)
        .map((p) => p.code)
        .sort(),
    ).toEqual(['schema.enum', 'wbs.type-depth']);
    expect(validate('wbs-task', both, { semantic: false }).map((p) => p.code)).toEqual(['schema.enum']);
    expect(compileValidator('wbs-task', { semantic: false })!(epicAtDepthTwo)).toEqual([]);
  });

  it('caps the number of problems', () => {
    const v = { tasks: Array.from({ length: 30 }, () => ({ id: '1.1', type: 'epic', status: 'done', parent: null, children: [], dependencies: [] })), version: '1.0.0' };
    expect(validate('wbs-task-index', v)).toHaveLength(30);
    const capped = validate('wbs-task-index', v, { maxProblems: 5 });
    expect(capped).toHaveLength(6);
    expect(capped.at(-1)).toMatchObject({ code: 'problems.truncated', severity: 'error' });
    expect(capped.at(-1)!.message).toMatch(/\b25 more\b/);
  });

  it('compileValidator, parseFormat and isValid agree with validate', () => {
    expect(compileValidator('nope')).toBeUndefined();
    const check = compileValidator('wbs-task')!;
    expect(compileValidator('wbs-task')).toBe(check);
    const bad = { ...sample('wbs-task'), type: 'epic' };
    expect(check(bad)).toEqual(validate('wbs-task', bad));
    expect(isValid('wbs-task', sample('wbs-task'))).toBe(true);
    expect(isValid('wbs-task', bad)).toBe(false);
    expect(parseFormat('wbs-task', sample('wbs-task'))).toEqual({ ok: true, value: sample('wbs-task') });
    const failed = parseFormat('wbs-task', bad);
    expect(failed.ok).toBe(false);
    expect(failed.ok ? [] : failed.problems.map((p) => p.code)).toEqual(['wbs.type-depth']);
  });

  it('a throwing tokenizer is a problem, not a throw', () => {
    const boom = () => {
      throw new Error('tokenizer down');
    };
    expect(validate('active-context-entry', sample('active-context-entry'), { countTokens: boom }).map((p) => p.code)).toEqual(['schema.invalid']);
  });
});
