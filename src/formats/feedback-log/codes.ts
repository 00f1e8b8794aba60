import { defineCodes } from '../../kernel/problems/codes.js';

/** Problem codes of `feedback-log.md` entries (headed YAML blocks). */
export const feedbackLogCodes = defineCodes({
  'feedback-log.bad-heading': {
    meaning: 'A `##` heading of feedback-log.md is not `## <timestamp> — <from_agent> → <to_agent>` or `## feedback`.',
    fix: 'Write the heading as `## 2026-03-01T10:00:00Z — Reviewer → Author`.',
    source: 'convention',
    format: 'feedback-log',
  },
  'feedback-log.unrecognised-entry': {
    meaning:
      'Before the first `##` entry heading, feedback-log.md holds what looks like an entry (a line led by a timestamp, such as a `###` heading, or a ```yaml block) that memkit does not read as one: it was neither validated nor chained. A warning, because the format fixes no heading level.',
    fix: 'Write each entry under a `## <timestamp> — <from_agent> → <to_agent>` heading, or move the text out of the log.',
    severity: 'warning',
    source: 'convention',
    format: 'feedback-log',
  },
  'feedback-log.missing-block': {
    meaning: 'A feedback entry has no fenced ```yaml block with its fields.',
    fix: 'Add the fields in a ```yaml fenced block under the heading.',
    source: 'convention',
    format: 'feedback-log',
  },
  'feedback-log.unexpected-text': {
    meaning: 'A feedback entry contains text outside its heading and its ```yaml block.',
    fix: 'Put the text in the `description` or `evidence` field.',
    source: 'convention',
    format: 'feedback-log',
  },
  'feedback-log.field-conflict': {
    meaning: 'A field is given both in the entry heading and in its YAML block.',
    fix: 'Keep the field in one place only.',
    source: 'convention',
    format: 'feedback-log',
  },
  'feedback-log.not-serializable': {
    meaning: 'A feedback entry given to the serializer holds a value YAML/JSON cannot represent.',
    fix: 'Pass only JSON-like values.',
    source: 'operational',
  },
});
