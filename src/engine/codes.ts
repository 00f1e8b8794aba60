import { defineCodes } from '../kernel/problems/codes.js';

/**
 * Problem codes raised by the directory checker (`memkit check`): problems
 * with files as files (unreadable, binary, loops) and the cross-file rules.
 * Per-format codes come from the modules that check each format.
 */
export const checkCodes = defineCodes({
  'check.unreadable': {
    meaning: 'A file or directory could not be read (permissions, or it vanished during the check).',
    fix: 'Fix the permissions, or remove the file if it is not needed.',
    source: 'operational',
  },
  'check.binary-file': {
    meaning: 'A file where a memkit text format belongs holds binary data (NUL bytes).',
    fix: 'Replace the file with the text format it should hold, or move it out of the memory directory.',
    source: 'operational',
  },
  'check.symlink-loop': {
    meaning: 'A symbolic link points back into a directory already being walked; it was not followed.',
    fix: 'Remove the link or point it outside the directory tree.',
    source: 'operational',
  },
  'check.outside-root': {
    meaning:
      'A symbolic link under the checked directory resolves outside it; it was neither followed nor read. An error where a memory format belongs (a file the layout names, or a link inside `memory-bank`, `.thunderus` or `.claude`), since the check cannot vouch for memory it did not read; a warning elsewhere.',
    fix: 'Replace the link with the file or directory itself, or check the target directory on its own.',
    source: 'operational',
  },
  'check.name-case': {
    meaning:
      'A file is named like a memory file in another case (`DecisionLog.md` in a memory bank, `Task-Index.json` under `.claude/memory`, a memory doc ending in `.MD`), so it is not read as that format; on a case-insensitive checkout it may even be the file itself, or hide it.',
    fix: 'Rename the file to the expected name the message gives (merge it into that file if both exist).',
    severity: 'warning',
    source: 'convention',
  },
  'check.not-regular-file': {
    meaning: 'Where a memory format belongs there is something other than a regular file (a FIFO, socket or device); it was not opened for reading.',
    fix: 'Replace it with a regular file holding the format, or remove it.',
    source: 'operational',
  },
  'check.too-large': {
    meaning: "A file is larger than the checker's size limit and was not read.",
    fix: 'Split the file, or raise the limit with `--max-file-size` if the size is expected.',
    source: 'operational',
  },
  'config.tokenizer-not-run': {
    meaning:
      'The `memkit.config.json` found in the checked directory names a `tokenizer` module, which was not run: a file of the checked directory (a pull request can edit it) is not trusted to run code in the job that checks it. `summary_128` was counted with the built-in bound and estimate.',
    fix: 'Pass the module with `--tokenizer MODULE`, or give the config with `--config FILE` so that the caller, not the directory, chooses to run it.',
    source: 'operational',
  },
  'config.unknown-rule': {
    meaning:
      'The config file (`memkit.config.json` or `--config`) sets the severity of a problem code memkit does not declare; a misspelt code would otherwise be ignored silently. A usage error: the check does not run.',
    fix: 'Correct the code (docs/rules.md lists every rule), or remove the entry.',
    source: 'operational',
  },
  'config.unknown-bank-file': {
    meaning:
      'The config file names, under `memoryBank.writers`, a file that is not a memory-bank file (the names are case-sensitive: `decisionlog.md` is not `decisionLog.md`); its roster would otherwise apply to nothing, silently. A usage error: the check does not run, and `memkit mcp` does not start.',
    fix: 'Spell the file as the memory bank names it (the message suggests the closest name), or remove the entry.',
    source: 'operational',
  },
  'secret.detected': {
    meaning:
      'A memory file holds what looks like a secret: a vendor credential by its documented shape (AWS, GitHub, GitLab, Slack, Discord, Telegram, Stripe, Google, npm, OpenAI, Anthropic), a private key block, a JSON Web Token, a database URL with a password, or a high-entropy value assigned to a name such as `password`, `secret`, `token` or `api_key`. The message gives its kind, a masked excerpt and its fingerprint, never the secret; a write that would store one is refused. Memory is shared, exported and kept in git history, so a secret in it is leaked for good.',
    fix: 'Rotate the secret first; then remove it (a ledger entry: `memkit redact FILE --line N`, which keeps the chain verifiable) and purge it from git history (docs/security.md). A finding that is no secret: add its fingerprint to `secrets.allow` in memkit.config.json.',
    source: 'operational',
  },
  'check.internal': {
    meaning: 'memkit hit an unexpected failure while checking a file; the other files were still checked.',
    fix: 'Report this as a memkit bug, with the file if you can share it.',
    source: 'operational',
  },
});

/** A code raised by the directory checker. */
export type CheckCode = keyof typeof checkCodes;
