// The memory handle of the write commands, in a module of its own so that the read-only commands do not load it.
import { nodeMemoryOptions } from '../../../adapters/node/open-memory.js';
import { type MemoryHandle, openMemory } from '../../../handle/index.js';
import { allowedSecrets } from './args.js';
import { cliHasher } from './shared.js';

/**
 * The memory handle a write command works through on the directory at `abs`: the CLI's hashing, every memkit
 * process's lock files, and the fingerprints of `--allow-secret` (`values['allow-secret']`) the write may keep.
 */
export function memoryAt(abs: string, values: Record<string, unknown> = {}): MemoryHandle {
  const allow = allowedSecrets(values['allow-secret']);
  return openMemory({ ...nodeMemoryOptions(abs, { hasher: cliHasher }), ...(allow.length > 0 ? { allowSecrets: allow } : {}) });
}
