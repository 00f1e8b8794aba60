// The memory handle of the write commands and how they print a write, in a module of their own so that the
// read-only commands do not load them.
import { nodeMemoryOptions } from '../../../adapters/node/open-memory.js';
import { type MemoryHandle, openMemory } from '../../../handle/index.js';
import { allowedSecrets } from './args.js';
import { cliHasher } from './shared.js';
import type { Problem, Result } from '../../../kernel/problems/index.js';
import { type OutputFormat, emitReport } from '../emit.js';
import { type CliIo, makeReport } from '../io.js';

/**
 * The memory handle a write command works through on the directory at `abs`: the CLI's hashing, every memkit
 * process's lock files, and the fingerprints of `--allow-secret` (`values['allow-secret']`) the write may keep.
 */
export function memoryAt(abs: string, values: Record<string, unknown> = {}): MemoryHandle {
  const allow = allowedSecrets(values['allow-secret']);
  return openMemory({ ...nodeMemoryOptions(abs, { hasher: cliHasher }), ...(allow.length > 0 ? { allowSecrets: allow } : {}) });
}

/** Prints a write's outcome: its text or JSON when written (exit 0), its problems when refused (exit 1). */
export function emitWrite<T>(io: CliIo, format: OutputFormat, root: string, written: Result<T>, done: (value: T) => { text: string; json: Record<string, unknown> }): Promise<number> {
  const problems: Problem[] = written.problems ?? [];
  if (!written.ok) return emitReport(io, makeReport(root, [], problems), format, { text: 'nothing was written\n' });
  const { text, json } = done(written.value);
  return emitReport(io, makeReport(root, [], problems), format, { text, json });
}
