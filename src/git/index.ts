/**
 * `memkit/git`: memory in git. Checks against a base revision and the ledger
 * merge driver; git itself is reached through an injected runner.
 *
 * @packageDocumentation
 */
export {};
