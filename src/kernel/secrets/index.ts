/**
 * Secret detection over text: vendor credentials by their documented shapes, private key blocks, JWTs,
 * database URLs with a password and high-entropy values assigned to secret names. Pure and portable (no
 * Node built-ins), linear in the text. `memkit check` reports each finding as `secret.detected`; output that
 * shows stored text masks them.
 */
export { SECRET_MASK, type SecretFinding, type SecretKind, type SecretOptions, entropy, findSecrets, maskSecrets, secretFingerprint } from './detect.js';
import { type Position, type Problem, error, positionAt } from '../problems/index.js';
import { type SecretFinding, type SecretOptions, findSecrets } from './detect.js';

/**
 * The `secret.detected` message of a finding: its kind, masked excerpt and fingerprint (what `secrets.allow` and
 * `allowSecrets` take), never the secret.
 * @example secretMessage({ label: 'GitHub token', masked: 'ghp_****', fingerprint: '0a1b2c3d4e5f6a7b' }) // 'a GitHub token is stored here (ghp_****, fingerprint 0a1b2c3d4e5f6a7b); …'
 */
export function secretMessage(found: Pick<SecretFinding, 'label' | 'masked' | 'fingerprint'>): string {
  return `a ${found.label} is stored here (${found.masked}, fingerprint ${found.fingerprint}); rotate it, then remove it, or allow the fingerprint in secrets.allow if it is no secret`;
}

/**
 * The fingerprint a `secret.detected` message names, or undefined for any other message.
 * @example secretFingerprintOf('a GitHub token is stored here (ghp_****, fingerprint 0a1b2c3d4e5f6a7b); …') // '0a1b2c3d4e5f6a7b'
 */
export function secretFingerprintOf(message: string): string | undefined {
  return /\bfingerprint ([0-9a-f]{16})\)/.exec(message)?.[1];
}

/**
 * `secret.detected` for every secret in `text` (the file's path as `file`), each at its line and column; `position`
 * maps an offset to them (default: counted in `text`).
 * @example secretProblems('token: ghp_…', 'notes.md') // [{ code: 'secret.detected', line: 1, column: 8, … }]
 */
export function secretProblems(text: string, file: string, options: SecretOptions = {}, position: (offset: number) => Position = (o) => positionAt(text, o)): Problem[] {
  return findSecrets(text, options).map((found) => {
    const at = position(found.offset);
    return error('secret.detected', secretMessage(found), { file, line: at.line, column: at.column });
  });
}
