import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { serializeEntry } from '../../src/services/ledger/index.js';
import { appendEntry, openLedger, repairLedger, verifyLedgerFile } from '../../src/adapters/node/index.js';

const dir = mkdtempSync(join(tmpdir(), 'memkit-lf-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const draft = { reporter_agent: 'Security', threat_type: 'Tampering', severity: 'HIGH', description: 'd', mitigation: 'm', status: 'OPEN' } as const;
const now = (iso: string) => () => new Date(iso);

describe('ledger files', () => {
  it('creates a missing ledger; format comes from the file name; ids continue from the tail', async () => {
    const path = join(dir, 'riskRegister.md');
    expect(await openLedger(path)).toMatchObject({ ok: true, value: { bytes: 0, format: 'risk-register', problems: [] } });
    const a = await appendEntry(path, draft, { format: 'risk-register', now: now('2026-02-20T10:00:00Z') });
    const b = await appendEntry(path, draft, { format: 'risk-register', now: now('2026-02-20T11:00:00Z') });
    const c = await appendEntry(path, draft, { format: 'risk-register', now: now('2026-02-21T00:00:00Z') });
    expect([a, b, c].map((r) => r.ok && r.value.entry.risk_id)).toEqual(['RISK-20260220-001', 'RISK-20260220-002', 'RISK-20260221-001']);
    expect(readFileSync(path, 'utf8')).toBe([a, b, c].map((r) => (r.ok ? r.value.line : '') + '\n').join(''));
    expect((await verifyLedgerFile(path)).problems).toEqual([]);
    const back = await appendEntry(path, draft, { now: now('2026-02-20T00:00:00Z') });
    expect(!back.ok && back.problems[0]!.code).toBe('ledger.clock-backwards');
    const bad = await appendEntry(path, { ...draft, severity: 'huge' as never }, { format: 'risk-register', now: now('2026-02-22T00:00:00Z') });
    expect(!bad.ok && bad.problems[0]!.code).toBe('schema.enum');
    expect((await verifyLedgerFile(path)).entries).toBe(3);
  });

  it('keeps a Markdown preamble, even one without a final newline', async () => {
    const path = join(dir, 'pre-riskRegister.md');
    writeFileSync(path, '# Risks');
    expect((await openLedger(path)).ok && (await openLedger(path, { format: 'risk-register' }))).toMatchObject({ ok: true, value: { problems: [] } });
    expect((await appendEntry(path, draft, { format: 'risk-register', now: now('2026-02-20T10:00:00Z') })).ok).toBe(true);
    expect(readFileSync(path, 'utf8').startsWith('# Risks\n{')).toBe(true);
    const v = await verifyLedgerFile(path);
    expect(v).toMatchObject({ entries: 1, preambleLines: 1, problems: [] });
  });

  it('adds the missing newline after a complete last entry before appending', async () => {
    const path = join(dir, 'nl-riskRegister.md');
    const first = await appendEntry(join(dir, 'tmp-riskRegister.md'), draft, { format: 'risk-register', now: now('2026-02-20T10:00:00Z') });
    expect(first.ok).toBe(true);
    writeFileSync(path, serializeEntry(first.ok && first.value.entry));
    expect((await openLedger(path)).ok && (await repairLedger(path))).toEqual({ ok: true, value: undefined });
    const r = await appendEntry(path, draft, { format: 'risk-register', now: now('2026-02-20T11:00:00Z') });
    expect(r.ok ? [] : r.problems).toEqual([]);
    expect(await verifyLedgerFile(path, { format: 'risk-register' })).toMatchObject({ entries: 2, problems: [] });
  });

  it('repair of a missing file does nothing; an unknown format is refused', async () => {
    expect(await repairLedger(join(dir, 'none.md'))).toEqual({ ok: true, value: undefined });
    const r = await appendEntry(join(dir, 'notes.md'), draft as never);
    expect(!r.ok && r.problems[0]!.code).toBe('ledger.unknown-format');
  });
});
