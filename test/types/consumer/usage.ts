// What a strict consumer writes against the published declarations: record types whose enum
// fields are literal unions, schemas typed by their values, and the WebCrypto and sqlite-wasm
// options met with Node's own types (no DOM lib).
import { webcrypto } from 'node:crypto';
import { type CheckpointSigner, type SubtleCryptoLike, signCheckpoint } from 'memkit/ledger';
import type { SchemaValue, TaskIndex, DecisionLogEntry, MemoryDocFrontmatter, RiskRegisterEntry } from 'memkit/schemas';
import { type SqliteWasmOptions, sqliteWasm } from 'memkit/sqlite';
import { readyTasks } from 'memkit/wbs';

type TaskStatus = TaskIndex['tasks'][number]['status'];
export const done: TaskStatus = 'done';
// @ts-expect-error a number is no task status
export const numeric: TaskStatus = 42;
// @ts-expect-error not a memory doc kind
export const kind: MemoryDocFrontmatter['kind'] = 'not-a-kind';
export const adr: MemoryDocFrontmatter['kind'] = 'adr';
// @ts-expect-error the risk register's severities are uppercase
export const severity: RiskRegisterEntry['severity'] = 'high';
export const critical: RiskRegisterEntry['severity'] = 'CRITICAL';

// A schema's values are its record type.
export const index: SchemaValue<typeof TaskIndex> = { version: '1.0.0', tasks: [{ id: '1', type: 'epic', status: 'pending', parent: null, children: [], dependencies: [] }] };
export const ready = readyTasks(index);
// @ts-expect-error a decision log entry has no `status`
export const entry: Partial<DecisionLogEntry> = { status: 'accepted' };

// Node's WebCrypto types fit the checkpoint signer without the DOM lib.
export const subtle: SubtleCryptoLike = webcrypto.subtle;
export async function sign(note: string, keys: webcrypto.CryptoKeyPair): Promise<boolean> {
  const signer: CheckpointSigner = { name: 'example.com/bank', privateKey: keys.privateKey, publicKey: keys.publicKey };
  return (await signCheckpoint(note, signer, { subtle: webcrypto.subtle })).ok;
}

export const options: SqliteWasmOptions = {};
export const engine = sqliteWasm(options);
