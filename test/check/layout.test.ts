import { describe, expect, it } from 'vitest';
import { classifyPath } from '../../src/check/index.js';

describe('classifyPath (DESIGN §5 discovery table)', () => {
  it.each([
    ['.thunderus/memory/semantic/FACTS/testing.md', 'memory-doc'],
    ['.thunderus/memory/CORE.md', 'memory-doc'],
    ['repo/.thunderus/memory/episodic/2026-02-20.md', 'memory-doc'],
    ['.thunderus/memory/indexes/manifest.json', 'memory-manifest'],
    ['.thunderus/memory/gardener.toml', 'gardener-config'],
    ['.thunderus/memory/gardener.json', 'gardener-config'],
    ['events.jsonl', 'events'],
    ['a/b/events.jsonl', 'events'],
    ['memory-bank/systemPatterns.md', 'system-patterns'],
    ['docs/decisionLog.md', 'decision-log'],
    ['x/feedback-log.md', 'feedback-log'],
    ['memory-bank/workflow-state.json', 'workflow-state'],
    ['memory-bank/artifacts-manifest.json', 'artifacts-manifest'],
    ['memory-bank/progress.md', 'progress'],
    ['.claude/memory/task-index.json', 'wbs-task-index'],
    ['.claude/memory/tasks/1.2.json', 'wbs-task'],
  ])('%s is %s', (path, format) => {
    expect(classifyPath(path)).toEqual({ format });
  });

  it('sniffs other JSON and NDJSON by content, and ignores everything else', () => {
    expect(classifyPath('threads/store.json')).toEqual({ sniff: 'json' });
    expect(classifyPath('exports/a.ndjson')).toEqual({ sniff: 'lines' });
    expect(classifyPath('logs/a.jsonl')).toEqual({ sniff: 'lines' });
    expect(classifyPath('README.md')).toBeUndefined();
    expect(classifyPath('.claude/memory/tasks/nested/1.json')).toEqual({ sniff: 'json' });
  });
});
