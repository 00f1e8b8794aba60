import { defineCodes } from '../../kernel/problems/codes.js';
import { LEDGER_MODULES } from '../index.js';
import { LEDGER_FORMAT_IDS } from './ledgers.js';

/** Every memory-bank file the writer policy covers. */
const MEMORY_BANK_FORMATS = [...LEDGER_FORMAT_IDS, 'system-patterns', 'progress', 'workflow-state', 'artifacts-manifest'] as const;

/** The JSON Lines ledgers: the ones an entry can be redacted in. */
const JSON_LINES_LEDGER_IDS = LEDGER_MODULES.filter((m) => m.ledger.entries === 'json-lines').map((m) => m.id);

/** Problem codes raised by hash chains, checkpoints, writer policy, append-only checks and safe append. */
export const ledgerCodes = defineCodes({
  'ledger.unparseable-line': {
    meaning: 'A line of the ledger is not a JSON value (or not the start of an entry after the first entry).',
    fix: 'Restore the line from a backup or a peer; never edit ledger lines by hand.',
    source: { seed: 'memory-bank-schema.md', quote: 'entry_format: JSON Lines' },
    format: LEDGER_FORMAT_IDS,
  },
  'ledger.not-an-object': {
    meaning: 'A ledger line is valid JSON but not an object, so it cannot be an entry.',
    fix: 'Restore the entry; every line after the preamble must be one JSON object.',
    source: { seed: 'memory-bank-schema.md', quote: 'entry_format: JSON Lines' },
    format: LEDGER_FORMAT_IDS,
  },
  'ledger.schema-violation': {
    meaning:
      'An entry does not match the schema of its ledger: a field missing or not allowed, a wrong type, a value outside its enum or pattern (the first per entry; the message names the schema rule and the pointer the field). Rules with a code of their own (`schema.max-tokens`, `schema.id-date`, `schema.stride-category`, `convention.*`) are reported under that code.',
    fix: 'Restore the entry; if it was written this way, append a corrected entry instead of editing.',
    source: { seed: 'memory-bank-schema.md', quote: 'fields:' },
    format: LEDGER_FORMAT_IDS,
  },
  'ledger.predecessor-mismatch': {
    meaning:
      "An entry's `predecessor_hash` is neither sha256(JCS(previous entry)) nor the SHA-256 of the previous line's raw bytes (or follows the other of the two than the rest of the file): an entry was edited, inserted, deleted or reordered at or just before this line.",
    fix: 'Compare the ledger with a trusted copy or checkpoint; restore the original entries.',
    source: { seed: 'memory-bank-schema.md', quote: 'REQUIRE: Every append stores predecessor_hash (chain integrity)' },
    format: LEDGER_FORMAT_IDS,
  },
  'ledger.payload-hash-mismatch': {
    meaning: 'The payload an entry references does not hash to its `payload_hash`.',
    fix: 'Restore the payload file, or append a new entry that references the new payload.',
    source: { seed: 'memory-bank-schema.md', quote: 'payload_hash: string (sha256)' },
    format: 'product-context',
  },
  'ledger.payload-missing': {
    meaning: 'The payload an entry references could not be found, so its `payload_hash` was not checked.',
    fix: 'Restore the payload file at `payload_loc`.',
    severity: 'warning',
    source: 'operational',
    format: 'product-context',
  },
  'ledger.duplicate-id': {
    meaning: 'Two entries carry the same id (`DEC-…` / `RISK-…`).',
    fix: 'Restore the original ledger; ids are assigned once, by append.',
    severity: 'warning',
    source: 'convention',
    format: ['decision-log', 'risk-register'],
  },
  'ledger.ts-backwards': {
    meaning: "An entry's timestamp is earlier than the previous entry's: entries were reordered or a clock went backwards.",
    fix: "Restore the original order; fix the writer's clock.",
    severity: 'warning',
    source: 'convention',
    format: LEDGER_FORMAT_IDS,
  },
  'ledger.torn-tail': {
    meaning: 'The last line has no newline and does not parse: an append was cut off (torn write).',
    fix: 'Run repair: it moves the torn bytes to a sidecar file and records the recovery; complete entries are kept.',
    source: { seed: 'memory-bank-schema.md', quote: 'entry_format: JSON Lines' },
    format: LEDGER_FORMAT_IDS,
  },
  'ledger.non-canonical': {
    meaning: 'An entry line is not in RFC 8785 canonical form; its hash is taken over the canonical form, so byte-level edits that keep the value are invisible.',
    fix: 'Write entries only through memkit append, which stores canonical lines.',
    severity: 'warning',
    source: 'convention',
    format: LEDGER_FORMAT_IDS,
  },
  'ledger.raw-line-chain': {
    meaning:
      'The ledger chains each entry to the SHA-256 of the previous line\'s raw bytes rather than of its canonical form (the format only says "sha256 of previous entry", so the chain verifies); memkit writes the canonical form and appends to such a file in its own convention.',
    fix: 'Nothing to fix for the format; rewrite the chain in canonical form (a new ledger) if every tool must read it the same way.',
    severity: 'warning',
    source: 'convention',
    format: LEDGER_FORMAT_IDS,
  },
  'ledger.truncated': {
    meaning: 'The ledger has fewer entries than a checkpoint recorded earlier: entries were deleted from the tail (or the file was rolled back).',
    fix: 'Restore the missing entries from a backup or a peer; deletion of entries is never allowed.',
    source: { seed: 'memory-bank-schema.md', quote: 'DENY: Deletion of any memory bank entry' },
    format: LEDGER_FORMAT_IDS,
  },
  'ledger.checkpoint-mismatch': {
    meaning: "The first `size` entries of the ledger do not hash to the checkpoint's root: history before the checkpoint was rewritten (a fork).",
    fix: 'Restore the ledger that produced the checkpoint; treat the current copy as tampered.',
    source: { seed: 'memory-bank-schema.md', quote: 'VERIFY: Chain integrity before any agent reads memory' },
    format: LEDGER_FORMAT_IDS,
  },
  'ledger.checkpoint-invalid': {
    meaning:
      'A checkpoint text is not in the C2SP checkpoint form (origin line, decimal size, base64 root, blank line, signatures), holds a control character other than newline, or carries more than 100 signature lines.',
    fix: 'Regenerate the checkpoint with memkit.',
    source: 'operational',
  },
  'ledger.checkpoint-rollback': {
    meaning: 'A newer checkpoint has a smaller tree size than an older one.',
    fix: 'Treat the newer checkpoint as a rollback; restore from the older state.',
    source: 'operational',
  },
  'ledger.signature-invalid': {
    meaning: 'A checkpoint signature line does not verify with the given public key.',
    fix: 'Check that the right key was used; otherwise the checkpoint was altered.',
    source: 'operational',
  },
  'ledger.signature-missing': {
    meaning: 'The checkpoint has no signature by the expected key name.',
    fix: 'Sign the checkpoint with that key, or verify with the key that signed it.',
    source: 'operational',
  },
  'ledger.key-invalid': {
    meaning: 'A key or verifier key string is malformed (not Ed25519, wrong length, bad name).',
    fix: 'Use an Ed25519 key; verifier keys read `<name>+<hex key id>+<base64 key>`.',
    source: 'operational',
  },
  'ledger.proof-invalid': { meaning: 'A Merkle inclusion or consistency proof does not verify.', fix: 'Treat the ledger or the proof as tampered; request a fresh proof.', source: 'operational' },
  'ledger.id-exhausted': { meaning: 'All 999 ids of the day are used; no next `NNN` exists.', fix: 'Wait for the next day or split the ledger.', source: 'operational' },
  'ledger.clock-backwards': {
    meaning: "The clock is earlier than the last entry's timestamp, so an append would make timestamps go backwards.",
    fix: 'Fix the system clock, then append again.',
    source: 'operational',
  },
  'ledger.unknown-format': {
    meaning: 'The ledger format is not given, or is not one of the ledger format ids.',
    fix: 'Pass format: decision-log, risk-register, product-context, active-context or feedback-log (or name the file by its memory bank file name).',
    source: 'operational',
  },
  'ledger.writer-denied': {
    meaning: "The agent is not in the file's `writers` list.",
    fix: 'Let a listed writer make the change, or change the policy deliberately.',
    source: { seed: 'memory-bank-schema.md', quote: 'writers: ["ReaperOAK"]' },
    format: MEMORY_BANK_FORMATS,
  },
  'ledger.append-only': {
    meaning: 'The file is append-only and the operation would edit or replace existing content.',
    fix: 'Append a new entry that supersedes the old one instead.',
    source: { seed: 'memory-bank-schema.md', quote: 'append_only: true' },
    format: MEMORY_BANK_FORMATS,
  },
  'ledger.delete-denied': {
    meaning: 'Memory-bank entries may never be deleted.',
    fix: 'Append a new entry that retracts or supersedes the old one.',
    source: { seed: 'memory-bank-schema.md', quote: 'DENY: Deletion of any memory bank entry' },
    format: MEMORY_BANK_FORMATS,
  },
  'ledger.immutable': {
    meaning: 'The file is immutable: its body may only be extended through a recorded decision.',
    fix: 'Record a decisionLog.md entry whose diff_hash matches the change.',
    source: { seed: 'memory-bank-schema.md', quote: 'immutable: true' },
    format: ['system-patterns', 'decision-log'],
  },
  'ledger.unknown-file': { meaning: 'The writer policy has no rule for this file.', fix: 'Add the file to the policy, or check the file name.', severity: 'warning', source: 'operational' },
  'ledger.tombstone-unrecorded': {
    meaning:
      'A ledger entry was replaced by a tombstone (`{"redacted":…}`, what `memkit redact` writes in place of an entry holding a secret) and no redaction record later in the ledger vouches for it: the entry was removed by hand, outside the recorded redaction.',
    fix: 'Restore the entry from a trusted copy, or redact it with `memkit redact FILE --line N`, which appends the record.',
    source: { seed: 'memory-bank-schema.md', quote: 'DENY: Deletion of any memory bank entry' },
    format: JSON_LINES_LEDGER_IDS,
  },
  'ledger.tombstone-mismatch': {
    meaning: "A tombstone's recorded Merkle leaf hash differs from the one its redaction record names: the tombstone was edited after the redaction.",
    fix: 'Restore the tombstone as `memkit redact` wrote it (the record holds its hashes).',
    source: { seed: 'memory-bank-schema.md', quote: 'DENY: Deletion of any memory bank entry' },
    format: JSON_LINES_LEDGER_IDS,
  },
  'ledger.redaction-unmatched': {
    meaning: 'A redaction record names an entry hash that no earlier tombstone holds: the redacted entry was put back (with its secret), or the record was written by hand.',
    fix: 'Redact the entry again with `memkit redact` (and rotate the secret it holds), or restore the ledger from a trusted copy.',
    source: { seed: 'memory-bank-schema.md', quote: 'REQUIRE: Every append stores predecessor_hash (chain integrity)' },
    format: JSON_LINES_LEDGER_IDS,
  },
  'ledger.redact-refused': {
    meaning: 'A redaction was asked for a line that holds no entry, an entry already redacted, or a redaction record; nothing was written.',
    fix: 'Name the line of the entry to redact (`memkit verify FILE` lists entries by line).',
    source: 'operational',
  },
  'ledger.entry-edited': {
    meaning: 'An existing entry changed between the two versions of the ledger.',
    fix: 'Restore the original entry; append corrections instead of editing.',
    source: { seed: 'memory-bank-schema.md', quote: 'append_only: true' },
    format: LEDGER_FORMAT_IDS,
  },
  'ledger.entry-deleted': {
    meaning: 'An entry present before is missing after the change.',
    fix: 'Restore the deleted entry; deletion of entries is never allowed.',
    source: { seed: 'memory-bank-schema.md', quote: 'DENY: Deletion of any memory bank entry' },
    format: LEDGER_FORMAT_IDS,
  },
  'ledger.entry-inserted': {
    meaning: 'An entry was inserted before existing entries instead of appended at the end.',
    fix: 'Remove it and append it at the end instead.',
    source: { seed: 'memory-bank-schema.md', quote: 'append_only: true' },
    format: LEDGER_FORMAT_IDS,
  },
  'ledger.entry-reordered': {
    meaning: 'The same entries are present but in a different order.',
    fix: 'Restore the original order.',
    source: { seed: 'memory-bank-schema.md', quote: 'append_only: true' },
    format: LEDGER_FORMAT_IDS,
  },
  'ledger.preamble-changed': {
    meaning: 'The frontmatter or Markdown preamble before the first entry was changed.',
    fix: 'Restore the preamble; only appending entries is allowed.',
    source: { seed: 'memory-bank-schema.md', quote: 'append_only: true' },
    format: LEDGER_FORMAT_IDS,
  },
  'ledger.partial-append': {
    meaning: 'The appended bytes are not whole entries (a line without its newline, or a line that is not an entry).',
    fix: 'Append complete JSON lines ending in a newline.',
    source: { seed: 'memory-bank-schema.md', quote: 'entry_format: JSON Lines' },
    format: LEDGER_FORMAT_IDS,
  },
  'ledger.system-patterns-rewritten': {
    meaning: 'The new systemPatterns.md body does not start with the old body: existing text was edited or removed.',
    fix: 'Restore the old body and only append to it.',
    source: { seed: 'memory-bank-schema.md', quote: 'DENY: Direct edit of systemPatterns.md or decisionLog.md body' },
    format: 'system-patterns',
  },
  'ledger.compaction-mismatch': {
    meaning:
      'A decisionLog.md compaction (an entry with `compacts`) no longer matches the activeContext.md entries it covers: their RFC 9162 root is not its `diff_hash`, or they are not there. An active-context entry was changed, or removed, after it was compacted.',
    fix: 'Restore the active context from version control or a backup; the compaction records what it held.',
    source: { seed: 'memory-bank-schema.md', quote: 'compaction: "session end -> compress to decisionLog.md"' },
    format: 'decision-log',
  },
  'ledger.system-patterns-unbacked': {
    meaning: 'No decisionLog.md entry has a `diff_hash` equal to the change of systemPatterns.md.',
    fix: 'Record the decision (diff_hash = sha256 of the appended bytes) before changing the file.',
    source: { seed: 'memory-bank-schema.md', quote: 'change_requires: ["decisionLog.md entry", "human approval PR"]' },
    format: 'system-patterns',
  },
  'ledger.system-patterns-version': {
    meaning: 'systemPatterns.md changed but its `version` was not increased.',
    fix: 'Bump the semver `version` in the header.',
    severity: 'warning',
    source: 'convention',
    format: 'system-patterns',
  },
  'ledger.lock-timeout': {
    meaning: 'Another writer held the ledger lock for longer than the timeout.',
    fix: 'Retry later; if no writer is running, check the `.lock` file named in the message.',
    source: 'operational',
  },
  'ledger.io-error': { meaning: 'Reading or writing the ledger file failed.', fix: 'Check the path, permissions and free disk space.', source: 'operational' },
});

/** A problem code of the ledger module. */
export type LedgerCode = keyof typeof ledgerCodes;

/** The ledgers of JSON Lines entries after a Markdown preamble. */
const JSON_LINES_LEDGERS = LEDGER_MODULES.filter((m) => m.ledger.entries === 'json-lines').map((m) => m.id);

/** Problem codes of a memory bank as a whole and of its ledgers' text (what the hash-chain codes of `ledgerCodes` do not cover). */
export const bankCodes = defineCodes({
  'ledger-text.non-entry-line': {
    meaning: 'A line after the first ledger entry is neither blank nor a JSON entry; after the first `{` line every non-blank line must be an entry.',
    fix: 'Move Markdown text above the first entry, or remove the line.',
    source: { seed: 'memory-bank-schema.md', quote: 'entry_format: JSON Lines' },
    format: JSON_LINES_LEDGERS,
  },
  'ledger-text.cr-line-endings': {
    meaning: 'The ledger ends lines in a lone CR (old Mac style) before an entry; JSON Lines lines end in LF (CRLF is tolerated), so the entries after it cannot be read as lines.',
    fix: 'Convert the line endings to LF (or CRLF).',
    source: { seed: 'memory-bank-schema.md', quote: 'entry_format: JSON Lines' },
    format: JSON_LINES_LEDGERS,
  },
  'ledger-text.not-an-object': {
    meaning: 'A ledger entry line parses as JSON but is not a JSON object.',
    fix: 'Each entry must be one JSON object on one line.',
    source: { seed: 'memory-bank-schema.md', quote: 'entry_format: JSON Lines' },
    format: JSON_LINES_LEDGERS,
  },
  'check.prose-bank-missing-file': {
    meaning: "A memory bank in the prose dialect lacks one of the layout's six core files (projectbrief.md, productContext.md, activeContext.md, systemPatterns.md, techContext.md, progress.md).",
    fix: 'Add the file with its part of the context, or ignore the rule if the bank is meant to be smaller.',
    severity: 'warning',
    source: 'convention',
  },
  'check.prose-bank-empty-file': {
    meaning: 'A core file of a memory bank in the prose dialect is empty.',
    fix: 'Write its part of the context, or remove the file.',
    severity: 'warning',
    source: 'convention',
  },
  'check.prose-memory-bank': {
    meaning:
      'A memory bank is in the prose dialect (no ledger holds a JSON line and `systemPatterns.md` has no header): its ledgers, `systemPatterns.md` and `progress.md` were read as plain Markdown and not verified as hash chains, headers or tables. A legitimate layout; the warning says what was not checked.',
    fix: 'Nothing, if the bank is meant to be prose. To have it verified, keep the ledgers as JSON Lines entries and give `systemPatterns.md` its header.',
    severity: 'warning',
    source: 'operational',
  },
  'check.ledger-no-entries': {
    meaning:
      'In a memory bank whose other files are JSON Lines, a ledger holds text but no entry (no line starts with `{`): nothing in it was verified. An empty ledger is valid, so this is a warning.',
    fix: 'Move prose into the Markdown before the first entry and append entries as JSON lines, or empty the file if it has no entries yet.',
    severity: 'warning',
    source: 'operational',
  },
});
