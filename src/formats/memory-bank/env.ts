import { type Hasher, jsHasher } from '../../kernel/canonical/sha256.js';

/** Capabilities the ledger functions use; every field has a default. */
export interface LedgerEnv {
  /** The clock (default: `new Date()`). */
  now: () => Date;
  /** SHA-256 implementation (default: the portable `jsHasher`; `memkit/node` has `nodeHasher`). */
  hasher: Hasher;
}

/** Fills the defaults of a partial {@link LedgerEnv}. */
export function resolveLedgerEnv(env: Partial<LedgerEnv> = {}): LedgerEnv {
  return { now: env.now ?? (() => new Date()), hasher: env.hasher ?? jsHasher };
}
