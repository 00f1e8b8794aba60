import { readFile } from 'node:fs/promises';
import { parseJson } from '../../parse/index.js';
import { inFile } from '../../problems/index.js';
import type { ThreadStore } from '../../schemas/thread-store.js';
import { type ThreadCommand, applyOperation, checkThreadStore } from '../../threads/index.js';
import { type Command, UsageError } from '../command.js';
import { emitReport, type OutputFormat } from '../emit.js';
import { writeOutputFile } from '../node-files.js';
import { makeReport } from '../report.js';
import { locatePointer } from '../../check/json-locate.js';
import { FORMAT_HELP, absolute, formatOption, requireFile, shown } from './shared.js';

/** `memkit threads check STORE` and `memkit threads apply STORE OP`. */
export const threadsCommand: Command = {
  name: 'threads',
  summary: 'check a thread store, or apply one operation to it',
  help: `Usage: memkit threads check STORE [--format text|json|sarif]
       memkit threads apply STORE OP [--dry-run] [--format text|json|sarif]

check  checks STORE (a thread store JSON file) against every rule of the
       thread-store spec: ids, statuses, parent/children and reference
       consistency, relations vs the operations log, transitions.
apply  applies one operation and writes STORE atomically. OP is a JSON object
       (inline, or @FILE to read it from a file), e.g.
         '{"command":"freeze","params":{"thread_id":"store-index"}}'
         '{"command":"spawn","operator":"agent","params":{"parent_id":"main","child_id":"ui","objective":"Build the UI"}}'
       An operation the transition table forbids (e.g. unfreezing) is refused
       and the file is left unchanged.

Options:
  --dry-run      apply: print the new store instead of writing it
${FORMAT_HELP}

Exit status: 0 success, 1 problems found (or operation refused), 2 usage error.
`,
  options: { 'dry-run': { type: 'boolean' }, format: formatOption },
  async run({ values, positionals }, io) {
    const [action, storeArg, opArg, ...extra] = positionals;
    if (action !== 'check' && action !== 'apply') throw new UsageError('the action must be check or apply');
    if (storeArg === undefined) throw new UsageError(`threads ${action} needs a STORE file`);
    if (extra.length > 0 || (action === 'check' && opArg !== undefined)) throw new UsageError('too many arguments');
    if (action === 'apply' && opArg === undefined) throw new UsageError('threads apply needs an OP (JSON, or @FILE)');
    const abs = absolute(io, storeArg);
    await requireFile(abs, storeArg);
    const rel = shown(io, abs);
    const format = values.format as OutputFormat;
    const text = await readFile(abs, 'utf8');
    const checked = [{ file: rel, format: 'thread-store' }];
    const parsed = parseJson(text);
    if (!parsed.ok) return emitReport(io, makeReport('.', checked, inFile(parsed.problems, rel)), format);
    const located = (ps: ReturnType<typeof checkThreadStore>) =>
      inFile(ps, rel).map((p) => {
        if (p.line !== undefined || p.pointer === undefined) return p;
        const at = locatePointer(text, p.pointer);
        return at ? { ...p, line: at.line, column: at.column } : p;
      });
    const problems = located(checkThreadStore(parsed.value));
    if (action === 'check') return emitReport(io, makeReport('.', checked, problems), format);
    if (problems.some((p) => p.severity === 'error')) return emitReport(io, makeReport('.', checked, problems), format, { text: 'the store has problems; fix them before applying operations\n' });
    const opText = opArg!.startsWith('@')
      ? await readFile(absolute(io, opArg!.slice(1)), 'utf8').catch(() => {
          throw new UsageError(`cannot read ${opArg!.slice(1)}`);
        })
      : opArg!;
    const op = parseJson(opText);
    if (!op.ok || typeof op.value !== 'object' || op.value === null || Array.isArray(op.value)) throw new UsageError('OP must be a JSON object like {"command":"freeze","params":{"thread_id":"x"}}');
    const result = applyOperation(parsed.value as ThreadStore, op.value as ThreadCommand);
    if (!result.ok) return emitReport(io, makeReport('.', checked, inFile(result.problems, rel)), format, { text: 'operation refused; the store is unchanged\n' });
    const out = JSON.stringify(result.value, null, 2) + '\n';
    if (values['dry-run']) return emitReport(io, makeReport('.', checked, []), format, { text: out, json: { store: result.value, written: false } });
    await writeOutputFile(abs, new TextEncoder().encode(out));
    const last = result.value.operations[result.value.operations.length - 1];
    return emitReport(io, makeReport('.', checked, []), format, { text: `applied ${last?.command ?? ''} (${last?.id ?? ''}); wrote ${rel}\n`, json: { operation: last, written: true } });
  },
};
