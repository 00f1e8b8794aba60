// A WBS entity file (`.claude/memory/tasks/<id>.json`) that is not JSON was reported by the directory
// checker as the generic input.not-json, while the rule table (and the library's loadWbs) call it
// wbs.entity-not-json: the rule never fired from `memkit check`.
import { describe, expect, it } from 'vitest';
import { checkDirectory, sourceFromFilePort } from '../../src/engine/index.js';
import { loadWbs } from '../../src/services/wbs/index.js';
import { memoryFiles } from '../../src/kernel/file-port.js';

const M = '.claude/memory';
const task = (id: string, parent: string | null, children: string[] = []) => JSON.stringify({ id, type: parent === null ? 'epic' : 'feature', status: 'pending', parent, children, dependencies: [] });
const FILES = {
  [`${M}/task-index.json`]: JSON.stringify({ version: '1.0.0', tasks: [JSON.parse(task('1', null, ['1.1'])), JSON.parse(task('1.1', '1'))] }),
  [`${M}/tasks/1.json`]: task('1', null, ['1.1']),
  [`${M}/tasks/1.1.json`]: '{ "id": "1.1", "status": pending }\n',
};

describe('a WBS entity file that is not JSON is wbs.entity-not-json in check, not input.not-json', () => {
  it('the directory checker reports an entity file that is not JSON as wbs.entity-not-json, as the library does', async () => {
    const report = await checkDirectory(sourceFromFilePort(memoryFiles(FILES)), { config: null });
    const codes = report.problems.filter((p) => p.file === `${M}/tasks/1.1.json`).map((p) => [p.code, p.severity]);
    expect(codes).toContainEqual(['wbs.entity-not-json', 'error']);
    expect(codes.map(([c]) => c)).not.toContain('input.not-json');
    const loaded = await loadWbs(memoryFiles(FILES), `${M}/`);
    expect(loaded.problems.map((p) => p.code)).toContain('wbs.entity-not-json');
  });

  it('a valid entity file reports neither', async () => {
    const report = await checkDirectory(sourceFromFilePort(memoryFiles({ ...FILES, [`${M}/tasks/1.1.json`]: task('1.1', '1') })), { config: null });
    expect(report.problems.map((p) => p.code)).not.toContain('wbs.entity-not-json');
    expect(report.problems.filter((p) => p.severity === 'error')).toEqual([]);
  });
});
