// #20: systemPatterns.md in its first version, with no decision entry, was refused
// (ledger.system-patterns-unbacked). The seed asks a decisionLog.md entry for a *change*; a first version
// has nothing to compare with. Recording the first version too is memkit's convention
// (check.system-patterns-unrecorded, a warning); text appended after a recorded version without its
// decision stays the seed's error.
import { describe, expect, it } from 'vitest';
import { checkSystemPatternsChange } from '../../src/services/ledger/index.js';
import { chain, checkFiles, decision, errorsOf, ledger, systemPatterns } from './check-files.js';

const V1 = '# System Patterns\n\n- Ports and adapters.\n';
const ADD = '- Ledgers are append-only.\n';

describe('systemPatterns.md in its first version needs no decision entry', () => {
  it('a first version alone checks clean, with the convention warning', async () => {
    const r = await checkFiles({ 'memory-bank/systemPatterns.md': systemPatterns(V1) });
    expect(errorsOf(r.problems)).toEqual([]);
    expect(r.code).toBe(0);
    expect(r.problems.map((p) => [p.code, p.severity])).toEqual([['check.system-patterns-unrecorded', 'warning']]);
  });

  it('a first version beside a decision log that does not record it checks clean too', async () => {
    const r = await checkFiles({ 'memory-bank/systemPatterns.md': systemPatterns(V1), 'memory-bank/decisionLog.md': ledger('Decisions', chain([decision(1, 'unrelated')])) });
    expect(errorsOf(r.problems)).toEqual([]);
    expect(r.problems.map((p) => p.code)).toEqual(['check.system-patterns-unrecorded']);
  });

  it('is an error under --profile strict', async () => {
    const r = await checkFiles({ 'memory-bank/systemPatterns.md': systemPatterns(V1) }, ['--profile', 'strict']);
    expect(r.code).toBe(1);
    expect(r.problems.map((p) => [p.code, p.severity])).toEqual([['check.system-patterns-unrecorded', 'error']]);
  });

  it('a recorded first version and a recorded append: nothing to say', async () => {
    const r = await checkFiles({ 'memory-bank/systemPatterns.md': systemPatterns(V1 + ADD, '1.1.0'), 'memory-bank/decisionLog.md': ledger('Decisions', chain([decision(1, V1), decision(2, ADD)])) });
    expect(r.problems).toEqual([]);
  });

  it('a change after a recorded version without its decision stays an error, at the first changed line', async () => {
    const r = await checkFiles({ 'memory-bank/systemPatterns.md': systemPatterns(V1 + ADD, '1.1.0'), 'memory-bank/decisionLog.md': ledger('Decisions', chain([decision(1, V1)])) });
    const unbacked = r.problems.filter((p) => p.code === 'ledger.system-patterns-unbacked');
    expect(unbacked.map((p) => [p.severity, p.line])).toEqual([['error', 10]]);
  });

  it('checkSystemPatternsChange: creating the file (no previous version) needs no decision; a change does', () => {
    expect(checkSystemPatternsChange('', systemPatterns(V1), [])).toEqual([]);
    expect(checkSystemPatternsChange(systemPatterns(V1), systemPatterns(V1 + ADD, '1.1.0'), []).map((p) => p.code)).toEqual(['ledger.system-patterns-unbacked']);
  });
});
