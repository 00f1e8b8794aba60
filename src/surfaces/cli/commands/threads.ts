import { readFile } from 'node:fs/promises';
import { atomicWrite } from '../../../adapters/node/atomic-write.js';
import { withLock } from '../../../adapters/node/lock.js';
import { threadStore } from '../../../formats/index.js';
import { parseJson } from '../../../syntax/index.js';
import { type Problem, error, inFile } from '../../../kernel/problems/index.js';
import type { ThreadStore } from '../../../schema/thread-store.js';
import { type ThreadCommand, applyOperation, checkThreadStore } from '../../../services/threads/index.js';
import { type Command, UsageError } from '../command.js';
import { emitReport, type OutputFormat } from '../emit.js';
import { type CliIo, makeReport } from '../io.js';
import { secretProblems } from '../../../kernel/secrets/index.js';
import { ALLOW_SECRET_HELP, FORMAT_HELP, absolute, allowSecretOption, allowedSecrets, cliHasher, existing, formatOption, locatedAt, shown } from './shared.js';

/** What applying one operation to the store's current bytes came to. */
type Outcome = { kind: 'problems'; problems: Problem[]; text?: string } | { kind: 'applied'; store: ThreadStore; bytes: Uint8Array };

/** `memkit threads check STORE` and `memkit threads apply STORE OP`. */
export const threadsCommand: Command = {
  name: 'threads',
  help: `Usage: memkit threads check STORE [--format text|json|sarif]
       memkit threads apply STORE OP [--dry-run] [--allow-secret FINGERPRINT] [--format ...]

check  checks STORE (a thread store JSON file) against every rule of the
       thread-store spec: ids, statuses, parent/children and reference
       consistency, relations vs the operations log, transitions.
apply  applies one operation and writes STORE atomically. OP is a JSON object
       (inline, or @FILE to read it from a file), e.g.
         '{"command":"freeze","params":{"thread_id":"store-index"}}'
         '{"command":"spawn","operator":"agent","params":{"parent_id":"main","child_id":"ui","objective":"Build the UI"}}'
       An operation the transition table forbids (e.g. unfreezing) is refused
       and the file is left unchanged. The store is read, changed, checked and
       written while holding STORE.lock, the lock the MCP thread tool takes, so
       concurrent writers never lose an operation. A secret in the new store
       (secret.detected: a token, a key, a password in a URL) refuses it.

Options:
  --dry-run      apply: print the new store instead of writing it
${ALLOW_SECRET_HELP}
${FORMAT_HELP}

Exit status: 0 success, 1 problems found (or operation refused), 2 usage error.
`,
  options: { 'dry-run': { type: 'boolean' }, 'allow-secret': allowSecretOption, format: formatOption },
  async run({ values, positionals }, io) {
    const [action, storeArg, opArg, ...extra] = positionals;
    if (action !== 'check' && action !== 'apply') throw new UsageError('the action must be check or apply');
    if (storeArg === undefined) throw new UsageError(`threads ${action} needs a STORE file`);
    if (extra.length > 0 || (action === 'check' && opArg !== undefined)) throw new UsageError('too many arguments');
    if (action === 'apply' && opArg === undefined) throw new UsageError('threads apply needs an OP (JSON, or @FILE)');
    const abs = await existing(io, storeArg, 'file');
    const rel = shown(io, abs);
    const checked = [{ file: rel, format: threadStore.id }];
    const report = (problems: Problem[], text?: string, json?: Record<string, unknown>) => emitReport(io, makeReport('.', checked, problems), values.format as OutputFormat, { text, json });
    if (action === 'check') {
      const read = checkedStore(await readFile(abs), rel);
      return report(read.problems);
    }
    const op = await readOperation(io, opArg!);
    const allow = allowedSecrets(values['allow-secret']);
    if (values['dry-run']) {
      const outcome = applyTo(await readFile(abs), rel, op, allow);
      if (outcome.kind === 'problems') return report(outcome.problems, outcome.text);
      return report([], new TextDecoder().decode(outcome.bytes), { store: outcome.store, written: false });
    }
    // The MCP thread tool locks `<store>.lock` too: read, apply, check and write all happen under it.
    const held = await withLock(`${abs}.lock`, async (): Promise<Outcome> => {
      const before = await readFile(abs);
      const outcome = applyTo(before, rel, op, allow);
      if (outcome.kind === 'problems') return outcome;
      // A writer that ignores the lock (an editor) must not be overwritten: the bytes must still be the ones applied to.
      const now = await readFile(abs).catch(() => undefined);
      if (now === undefined || !now.equals(before)) {
        return {
          kind: 'problems',
          problems: [error('threads.store-changed', `${rel} changed while the operation was being applied; nothing was written`, { file: rel })],
          text: 'operation refused; the store is unchanged\n',
        };
      }
      await atomicWrite(abs, outcome.bytes);
      return outcome;
    });
    if (!held.ok) return report(inFile(held.problems, rel), 'the store is locked by another writer; nothing was written\n');
    const outcome = held.value;
    if (outcome.kind === 'problems') return report(outcome.problems, outcome.text);
    const last = outcome.store.operations[outcome.store.operations.length - 1];
    return report([], `applied ${last?.command ?? ''} (${last?.id ?? ''}); wrote ${rel}\n`, { operation: last, written: true });
  },
};

/** Parses OP (inline JSON or `@FILE`) into an operation object, or throws a usage error. */
async function readOperation(io: CliIo, arg: string): Promise<ThreadCommand> {
  const text = arg.startsWith('@')
    ? await readFile(absolute(io, arg.slice(1)), 'utf8').catch(() => {
        throw new UsageError(`cannot read ${arg.slice(1)}`);
      })
    : arg;
  const op = parseJson(text);
  if (!op.ok || typeof op.value !== 'object' || op.value === null || Array.isArray(op.value)) throw new UsageError('OP must be a JSON object like {"command":"freeze","params":{"thread_id":"x"}}');
  return op.value as ThreadCommand;
}

/** Parses and checks a store's bytes; problems carry the file and, from their pointer, a line. */
function checkedStore(bytes: Uint8Array, rel: string): { store?: ThreadStore; problems: Problem[] } {
  const text = new TextDecoder().decode(bytes);
  const parsed = parseJson(text, { positions: true });
  if (!parsed.ok) return { problems: inFile(parsed.problems, rel) };
  return { store: parsed.value as ThreadStore, problems: inFile(checkThreadStore(parsed.value), rel).map((p) => locatedAt(p, parsed.positions)) };
}

/** Applies `op` to the store in `bytes` and checks the result (a secret in it refuses it, but for the fingerprints in `allow`); the new bytes, or the problems that refuse it. */
function applyTo(bytes: Uint8Array, rel: string, op: ThreadCommand, allow: readonly string[]): Outcome {
  const read = checkedStore(bytes, rel);
  if (read.store === undefined) return { kind: 'problems', problems: read.problems };
  if (read.problems.some((p) => p.severity === 'error')) return { kind: 'problems', problems: read.problems, text: 'the store has problems; fix them before applying operations\n' };
  const result = applyOperation(read.store, op);
  if (!result.ok) return { kind: 'problems', problems: inFile(result.problems, rel), text: 'operation refused; the store is unchanged\n' };
  const out = JSON.stringify(result.value, null, 2) + '\n';
  const found = checkThreadStore(result.value);
  // The new text has not been read yet: its positions come from parsing it, only when there is something to place.
  const positions = found.length === 0 ? undefined : parseJson(out, { positions: true }).positions;
  const errors = inFile(found, rel)
    .map((p) => locatedAt(p, positions))
    .filter((p) => p.severity === 'error');
  errors.push(...secretProblems(out, rel, { hasher: cliHasher, allow }));
  if (errors.length > 0) return { kind: 'problems', problems: errors, text: 'operation refused: the new store would have problems; the store is unchanged\n' };
  return { kind: 'applied', store: result.value, bytes: new TextEncoder().encode(out) };
}
