// Every place memkit computes a hash reads JSON with the one reader: a repeated name, a lone surrogate or
// a forbidden key fails there instead of being resolved silently (or crashing the caller).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { canonicalize, utf8 } from '../../src/kernel/canonical/index.js';
import { type ExchangeRecord, exportToString } from '../../src/services/exchange/index.js';
import { readLineJson } from '../../src/services/exchange/lines.js';
import { appendEntry } from '../../src/adapters/node/ledger-file.js';
import { ledgerEntryHash } from '../../src/services/store/checks.js';

describe('hash sites', () => {
  it('bundle lines: readLineJson refuses what the digest would cover but JSON.parse would hide', () => {
    expect(readLineJson(utf8('{"type":"Fact","id":"a","id":"b"}'))).toMatchObject({ ok: false, problems: [{ code: 'json.duplicate-key', pointer: '/id' }] });
    expect(readLineJson(utf8('{"type":"Fact","text":"\\ud800"}'))).toMatchObject({ ok: false, problems: [{ code: 'json.lone-surrogate', pointer: '/text' }] });
    expect(readLineJson(utf8('{"type":"Fact","__proto__":{"x":1}}'))).toMatchObject({ ok: false, problems: [{ code: 'json.uncovered-key', pointer: '/__proto__' }] });
    expect(readLineJson(new Uint8Array([0x7b, 0xff, 0x7d]))).toMatchObject({ ok: false, problems: [{ code: 'input.invalid-utf8' }] });
    expect(readLineJson(utf8('{"type":"Fact"'))).toMatchObject({ ok: false, problems: [{ code: 'input.not-json' }] });
    expect(readLineJson(utf8('{"b":1,"a":"constructor"}'))).toEqual({ ok: true, value: { b: 1, a: 'constructor' } });
  });

  it('export lines: each record line is its JCS text, and a lone surrogate refuses the export', async () => {
    const fact = (text: string) => ({ updated_at: '2026-02-01T10:00:00Z', text, created_at: '2026-02-01T10:00:00Z', tags: [], source: null, id: 'a', type: 'Fact' });
    const exported = (record: object) =>
      exportToString({ records: { get: () => undefined, put() {}, list: () => [record as ExchangeRecord] } }, { agentId: 'k', env: { now: () => '2026-02-20T02:00:00Z' } });
    const emoji = await exported(fact('\ud83d\ude00'));
    expect(emoji.ok && emoji.value.split('\n')[1]).toBe(canonicalize(fact('\ud83d\ude00')));
    expect(await exported(fact('\ud800'))).toMatchObject({ ok: false, problems: [{ code: 'exchange.bad-source' }] });
    const loneKey = await exported({ ...fact('x'), '\udc00': 1 });
    expect(loneKey).toMatchObject({ ok: false, problems: [{ code: 'schema.additional-properties' }, { code: 'exchange.invalid-record' }] });
  });

  it('store: the entry hash of a ledger line refuses forbidden keys and lone surrogates', () => {
    expect(ledgerEntryHash('{"constructor":1,"a":1}')).toMatchObject({ ok: false, problems: [{ code: 'json.uncovered-key' }] });
    expect(ledgerEntryHash('{"a":"\\udbff"}')).toMatchObject({ ok: false, problems: [{ code: 'json.lone-surrogate' }] });
  });

  it('node: appendEntry chains nothing onto a last entry the verifier would refuse', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'memkit-hash-sites-'));
    try {
      for (const last of ['{"id":"DEC-20260220-001","id":"DEC-20260220-009"}', '{"id":"DEC-20260220-001","rationale":"\\ud800"}']) {
        const file = join(dir, 'decisionLog.md');
        writeFileSync(file, `# Decision Log\n\n${last}\n`);
        const r = await appendEntry(file, { proposer_agent: 'ReaperOAK', rationale: 'r', diff_hash: 'a'.repeat(64), tests_passed: true }, { format: 'decision-log' });
        expect(r).toMatchObject({ ok: false, problems: [{ code: 'ledger.unparseable-line' }] });
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
