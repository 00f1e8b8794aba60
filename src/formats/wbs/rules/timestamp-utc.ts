import { warning } from '../../../kernel/problems/index.js';
import type { FormatRule } from '../../rule.js';

const CODE = 'wbs.timestamp-not-utc';

// A JSON string that is a whole ISO 8601 date-time with a numeric zone offset (`"2026-02-20T12:00:00+02:00"`).
const OFFSET_TIME = /"\d{4}-?\d{2}-?\d{2}T[0-9:.,]+([+-])(\d{2}):?(\d{2})"/g;

const task = (startedAt: string) => `${JSON.stringify({ id: '1', type: 'epic', title: 'Ship', status: 'in-progress', parent: null, children: [], dependencies: [], startedAt }, null, 2)}\n`;
const index = `${JSON.stringify({ version: '1.0.0', tasks: [{ id: '1', type: 'epic', status: 'in-progress', parent: null, children: [], dependencies: [] }] }, null, 2)}\n`;

/** A WBS task's timestamp with a zone offset other than UTC, where the WBS memory files use UTC. */
export const timestampUtc: FormatRule = {
  code: CODE,
  info: {
    meaning:
      'A timestamp of a WBS memory file carries a zone offset other than UTC (`+02:00`), where the WBS memory files write ISO-8601 UTC (`…Z`). The instant is still exact, so this is a warning.',
    fix: 'Write the time in UTC with a `Z` (`2026-02-20T10:00:00Z` for `2026-02-20T12:00:00+02:00`).',
    severity: 'warning',
    source: { seed: 'wbs-memory-schema.md', quote: 'Timestamps: ISO-8601 UTC' },
  },
  check: ({ text, lines }) => {
    const out = [];
    for (const m of text.matchAll(OFFSET_TIME)) {
      if (m[2] === '00' && m[3] === '00' && m[1] === '+') continue;
      const { line, column } = lines.position(m.index);
      out.push(warning(CODE, `${m[0]} is not in UTC; the WBS memory files write timestamps in UTC (…Z)`, { line, column }));
    }
    return out;
  },
  examples: {
    fail: { '.claude/memory/tasks/1.json': task('2026-02-20T12:00:00+02:00'), '.claude/memory/task-index.json': index },
    pass: { '.claude/memory/tasks/1.json': task('2026-02-20T10:00:00Z'), '.claude/memory/task-index.json': index },
  },
};
