import { defineCodes } from '../kernel/problems/codes.js';

const MB = 'memory-bank-schema.md' as const;
const TH = 'thunderus-schemas.txt' as const;

/**
 * Problem codes raised by schema validation. The `schema.*` codes report what
 * the emitted JSON Schemas check, and those encode only what the seeds state
 * (the field lists and their types, enums and id forms); memkit's own, stricter
 * readings have `convention.*` codes of their own, warnings in the `spec` profile.
 */
export const schemaCodes = defineCodes({
  'schema.unknown-format': { meaning: 'The format id is not one memkit knows.', fix: 'Use one of the ids listed by `memkit schemas`.', source: 'operational' },
  'schema.invalid': { meaning: 'The value does not match the format.', fix: 'Compare the value with the format in docs/formats/.', source: { seed: MB, quote: '## File Schemas' } },
  'schema.required': { meaning: 'A required property is missing.', fix: 'Add the property named by the pointer.', source: { seed: MB, quote: '## File Schemas' } },
  'schema.additional-properties': {
    meaning: 'A property that the format does not allow is present.',
    fix: 'Remove or rename the property named by the pointer.',
    source: { seed: MB, quote: '## File Schemas' },
  },
  'schema.type': { meaning: 'A value has the wrong JSON type.', fix: 'Use the type the format documents for this field.', source: { seed: MB, quote: '## File Schemas' } },
  'schema.enum': {
    meaning: 'A value is not one of the values the format lists.',
    fix: 'Use one of the values the format lists (case matters).',
    source: { seed: MB, quote: 'status: enum [PENDING, IN_PROGRESS, REVIEW, DONE, BLOCKED]' },
  },
  'schema.const': { meaning: 'A value differs from the only value allowed.', fix: 'Set the field to the required constant.', source: { seed: MB, quote: 'immutable: true' } },
  'schema.pattern': {
    meaning: 'A string does not match the required pattern (id format, hash, semver).',
    fix: 'Rewrite the value in the documented form.',
    source: { seed: MB, quote: 'id: string (DEC-YYYYMMDD-NNN)' },
  },
  'schema.format': {
    meaning:
      'A string is not a date-time in the form its field requires, or names a day that does not exist: ISO 8601 where the format says ISO 8601 (any of its date-time forms: calendar, week or ordinal dates, basic or extended), RFC 3339 where it says RFC 3339. A leap second (`:60`) is valid in both, but only in the minute that is 23:59 UTC (`23:59:60Z`, `15:59:60-08:00`), as RFC 3339 §5.7 reads it.',
    fix: 'Write timestamps like 2026-02-20T02:00:00Z.',
    source: { seed: MB, quote: 'ts: string (ISO8601)' },
  },
  'schema.min-length': { meaning: 'A string is shorter than allowed (usually empty).', fix: 'Fill the field in.', source: { seed: MB, quote: '## File Schemas' } },
  'schema.max-length': { meaning: 'A string is longer than allowed.', fix: 'Shorten the value.', source: { seed: MB, quote: 'summary: string (max 256 chars)' } },
  'schema.minimum': { meaning: 'A number is below the allowed minimum.', fix: 'Use a value in the documented range.', source: { seed: MB, quote: 'fix_loop_count: integer (0-3)' } },
  'schema.maximum': { meaning: 'A number is above the allowed maximum.', fix: 'Use a value in the documented range.', source: { seed: MB, quote: 'fix_loop_count: integer (0-3)' } },
  'schema.min-items': { meaning: 'An array has fewer items than allowed.', fix: 'Add the missing items.', source: { seed: MB, quote: '## File Schemas' } },
  'schema.max-items': { meaning: 'An array has more items than allowed.', fix: 'Remove items.', source: { seed: MB, quote: '## File Schemas' } },
  'schema.unique-items': { meaning: 'An array that must hold unique values has duplicates.', fix: 'Remove the duplicate values.', source: { seed: MB, quote: '## File Schemas' } },
  'schema.contains': {
    meaning: 'An array lacks a required item.',
    fix: 'Add the item the format requires (e.g. a Provenance section).',
    source: { seed: TH, quote: '`memory/episodic/<date>.md` recap template (must include provenance section)' },
    format: 'gardener-config',
  },
  'schema.any-of': {
    meaning: 'A value matches none of the allowed shapes.',
    fix: 'Use one of the documented shapes (often: a string or null).',
    source: { seed: TH, quote: 'last_verified_commit: <git sha or null>' },
  },
  'schema.multiple-of': { meaning: 'A number is not a multiple of the required step.', fix: 'Use a whole number.', source: { seed: MB, quote: 'fix_loop_count: integer (0-3)' } },
  'schema.max-tokens': {
    meaning:
      "A `summary_128` is over 128 tokens: counted by the tokenizer passed as `countTokens` (`memkit check --tokenizer`, `tokenizer` in memkit.config.json), or, without one, certainly over whatever the tokenizer: more than 128 whitespace-separated words (every tokenizer in common use splits at whitespace, so each word is at least one token) or more than 128 × 1,024 characters. Over 128 by memkit's estimate alone is `convention.token-estimate`.",
    fix: 'Shorten the summary.',
    source: { seed: MB, quote: 'summary_128: string (max 128 tokens)' },
    format: 'active-context',
  },
  'schema.stride-category': {
    meaning:
      "A risk's `threat_type` names none of the six STRIDE categories in any spelling: not their names in any case or separator (`Information Disclosure`, `information_disclosure`, `denial-of-service`), not a letter of STRIDE, not `DoS` or `EoP` (`Phishing`, `Hacking`). Was the `convention.stride-category` warning; an error since the seed types the field as a STRIDE category.",
    fix: 'Name the STRIDE category of the threat (Spoofing, Tampering, Repudiation, Information Disclosure, Denial of Service, Elevation of Privilege), and put the attack in `description`.',
    source: { seed: MB, quote: 'threat_type: string (STRIDE category)' },
    format: 'risk-register',
  },
  'schema.null-unless-idle': {
    meaning:
      '`workflow-state.json` holds `null` for `session_id`, `started_at` or `current_phase` while `overall_status` is not `idle`. The state is reset per session, so between sessions (`idle`) the three may be `null`; an active, completed or failed workflow belongs to a session and holds them.',
    fix: 'Fill in the session id, start time and phase, or set `overall_status` to `idle` if no session is running.',
    source: { seed: MB, quote: 'notes: "ReaperOAK-exclusive state machine. Reset per session."' },
    format: 'workflow-state',
  },
  'schema.id-date': {
    meaning: 'An id embeds a date or time that does not exist (DEC-20260230-001).',
    fix: 'Use the real date of the entry in the id.',
    source: { seed: MB, quote: 'id: string (DEC-YYYYMMDD-NNN)' },
    format: ['decision-log', 'risk-register', 'workflow-state'],
  },
  'wbs.type-depth': {
    meaning: 'A WBS entity type does not match its id depth (1 epic, 2 feature, 3 task).',
    fix: 'Set `type` from the depth of `id`.',
    source: { seed: 'wbs-memory-schema.md', quote: 'Depth 1: epics, depth 2: features, depth 3: tasks' },
    format: ['wbs-task-index', 'wbs-task'],
  },
  'convention.date-time-profile': {
    meaning:
      'A timestamp is a valid ISO 8601 date-time (what the format asks for) but not in the RFC 3339 form memkit writes: an extended calendar date, `T`, hours, minutes and seconds, a `Z` or `±hh:mm` zone (not `+0200`, not basic `20260220T020000Z`, not a week date `2026-W08-5T…` or an ordinal date `2026-051T…`, not without a zone). A leap second (`23:59:60Z`) is RFC 3339, so in that form.',
    fix: 'Nothing to fix for the format; write `2026-02-20T02:00:00Z` if every tool should read the timestamp the same way.',
    severity: 'warning',
    source: 'convention',
  },
  'convention.workflow-phase': {
    meaning:
      'A `phases` record of workflow-state.json differs from memkit\'s reading of "per-phase status, agents, outputs": its key is not a workflow phase (SPEC … RETROSPECTIVE), its `status` is not pending, active, completed, failed or skipped, or `agents` / `outputs` is not an array of strings.',
    fix: "Nothing to fix for the format; use that shape if memkit's tools should read the phase.",
    severity: 'warning',
    source: 'convention',
    format: 'workflow-state',
  },
  'convention.stride-category': {
    meaning:
      "A risk's `threat_type` names STRIDE categories among other text, or several of them (`Spoofing / Tampering`, `STRIDE: Repudiation`), where memkit writes one category per risk. A value naming none is `schema.stride-category`, an error.",
    fix: "Nothing to fix for the format; name one category per risk if memkit's tools should read it.",
    severity: 'warning',
    source: 'convention',
    format: 'risk-register',
  },
  'convention.source-chunk-hash': {
    meaning: 'An item of `source_chunks` is not a lowercase hex SHA-256; the format says only "hashes".',
    fix: "Nothing to fix for the format; store SHA-256 hashes in lowercase hex if memkit's tools should match them.",
    severity: 'warning',
    source: 'convention',
    format: 'active-context',
  },
  'convention.thunderus-id': {
    meaning:
      'A Thunderus id the format allows but memkit would not write: a memory doc id other than letters, digits, `.`, `_`, `:`, `-` (at most 200 characters), or an `evt_` / `patch_` / `snap_` / `sess_` id with other characters after its prefix.',
    fix: 'Nothing to fix for the format; use such ids if every tool should read them the same way (in file names, URLs, search).',
    severity: 'warning',
    source: 'convention',
    format: ['memory-doc', 'memory-manifest', 'events'],
  },
  'convention.gardener-config': {
    meaning:
      'The gardener config has a key memkit does not read (it applies only the size caps, kinds, dedup strategy and recap template it knows) or a dedup strategy other than none, exact, normalized-text or same-title. The format names these rules without fixing their shape.',
    fix: "Nothing to fix for the format; use memkit's keys and strategies if memkit should apply the rule.",
    severity: 'warning',
    source: 'convention',
    format: 'gardener-config',
  },
  'convention.lowercase-hex': {
    meaning:
      'A SHA-256 (`predecessor_hash`, `payload_hash`, `diff_hash`, the systemPatterns.md header `hash`, an artifact\'s `sha256`) is written in upper or mixed case. Valid: the format says only "sha256"; memkit reads either case and writes lowercase.',
    fix: 'Nothing to fix for the format; write lowercase hex if every tool should compare hashes as plain strings.',
    severity: 'warning',
    source: 'convention',
    format: ['system-patterns', 'product-context', 'active-context', 'decision-log', 'risk-register', 'artifacts-manifest', 'feedback-log'],
  },
  'convention.empty-string': {
    meaning:
      "A field the format types only as `string` is the empty string: an agent id (`proposer_agent`, `agent`, `from_agent` …), `rationale`, `description`, `task_id`, `payload_loc`, an artifact's `path` or `phase`, `artifact_path`. Valid: a `string` allows ''. memkit reads these fields as text, its convention, the same in every format (a thread store's is `threads.empty-string`); fields whose seed gives a form (ids, hashes, timestamps) are held to it as errors.",
    fix: "Nothing to fix for the format; give the field a value if memkit's tools should read it.",
    severity: 'warning',
    source: 'convention',
    format: ['product-context', 'active-context', 'decision-log', 'progress', 'risk-register', 'artifacts-manifest', 'feedback-log'],
  },
  'convention.token-estimate': {
    meaning:
      "A `summary_128` is over 128 tokens by memkit's estimate, but not certainly (at most 128 words, at most 128 × 1,024 characters) and no tokenizer was given: a real tokenizer may count fewer.",
    fix: 'Shorten the summary, or count it exactly: `memkit check --tokenizer MODULE`, `tokenizer` in memkit.config.json, or `countTokens` in the library.',
    severity: 'warning',
    source: 'convention',
    format: 'active-context',
  },
});
