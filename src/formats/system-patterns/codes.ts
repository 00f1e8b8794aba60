import { defineCodes } from '../../kernel/problems/codes.js';

/** Problem codes of `systemPatterns.md`: its header hash and the decisions behind its body. */
export const systemPatternsCodes = defineCodes({
  'system-patterns.hash-mismatch': {
    meaning: 'The `hash` in the systemPatterns.md header is not the SHA-256 of the body after the closing `---` line.',
    fix: 'systemPatterns.md is immutable: restore the body, or record the change with a decisionLog.md entry and a new header hash.',
    source: { seed: 'memory-bank-schema.md', quote: 'hash: string (sha256 of body)' },
    format: 'system-patterns',
  },
  'system-patterns.version-two-part': {
    meaning:
      'The header\'s `version` is `MAJOR.MINOR` (as memory-bank-schema.md\'s own header writes it, `version: "2.0"`) rather than full SemVer `MAJOR.MINOR.PATCH`; it is read as `MAJOR.MINOR.0`. The format says "semver" and its example writes two parts: valid, as a thread store\'s `"1.0"` is (`threads.version-two-part`); full SemVer is memkit\'s convention.',
    fix: 'Write the version as full SemVer (`2.0.0`) if every tool should read it the same way.',
    severity: 'warning',
    source: 'convention',
    format: 'system-patterns',
  },
  'check.system-patterns-unrecorded': {
    meaning:
      "No decisionLog.md entry beside systemPatterns.md has a `diff_hash` covering its body or any first part of it: the body reads as a first version that no decision records. The format asks a decision for each change; recording the first version too is memkit's convention.",
    fix: "Record a decision whose diff_hash is the SHA-256 of the first version's body, if every version should be traceable.",
    severity: 'warning',
    source: 'convention',
    format: 'system-patterns',
  },
});
