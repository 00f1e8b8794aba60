import { isWellFormed } from '../../kernel/canonical/index.js';
import { type Problem, error } from '../../kernel/problems/index.js';
import { messageOf } from '../../kernel/problems/message-of.js';

/** The SQLSTATE and Node error codes memkit sorts driver errors by. */
const AUTH = new Set(['28P01', '28000']);
const CONNECT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'EADDRNOTAVAIL']);
const LOST = new Set(['57P01', '57P02', '57P03', '08000', '08003', '08006', '08001', '08004', 'ECONNRESET', 'EPIPE']);
const LOST_TEXT =
  /connection terminated|terminating connection|connection (is )?closed|client has encountered a connection error|pglite is closed|not connected|socket hang up|the database system is (shutting down|starting up)/i;
const TIMEOUT_TEXT = /timeout|timed out/i;

/**
 * A driver error as a Problem with a stable code (`store.pg-auth`, `store.pg-no-database`, `store.pg-connect`,
 * `store.pg-timeout`, `store.pg-connection-lost`, else `store.engine-error`); `what` says what memkit was doing.
 */
export function pgProblem(cause: unknown, what: string): Problem {
  const code = typeof cause === 'object' && cause !== null && typeof (cause as { code?: unknown }).code === 'string' ? (cause as { code: string }).code : '';
  const text = messageOf(cause);
  if (AUTH.has(code)) return error('store.pg-auth', `the server refused the login: ${text}`);
  if (code === '3D000') return error('store.pg-no-database', `the database does not exist: ${text}`);
  if (code === '57014' || code === 'ETIMEDOUT' || (code === '' && TIMEOUT_TEXT.test(text))) return error('store.pg-timeout', `${what} took too long: ${text}`);
  if (CONNECT.has(code)) return error('store.pg-connect', `cannot reach the server: ${text}`);
  if (LOST.has(code) || LOST_TEXT.test(text)) return error('store.pg-connection-lost', `the connection ended during ${what}: ${text}`);
  return error('store.engine-error', `${what} failed: ${text}`);
}

/** True when PostgreSQL cannot store `s` in a text column: a NUL character or a lone surrogate. */
export function unstorable(s: string): boolean {
  return s.includes('\u0000') || !isWellFormed(s);
}
