// What every variant of the consumer job must find, in Node (ESM, CommonJS, the in-memory port), Deno and
// Chromium: the checks as data, so each runner reports the ones that failed by name.

/** The files the job leaves in the memory directory, as `check()` lists them. */
export const CHECKED_FILES = [
  '.claude/memory/task-index.json',
  '.claude/memory/tasks/1.1.json',
  '.claude/memory/tasks/1.2.json',
  '.claude/memory/tasks/1.json',
  '.thunderus/memory/semantic/FACTS/fact.release.md',
  'memory-bank/decisionLog.md',
];

const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

/** The failed expectations of a consumer job's summary (empty when it did the whole job right). */
export function consumerFailures(r) {
  const checks = {
    'writeDoc created the doc': r.docCreated === true,
    'three decisions appended with ids 001-003': same(
      r.appendedIds?.map((id) => id.replace(/^DEC-\d{8}-/, 'DEC-')),
      ['DEC-001', 'DEC-002', 'DEC-003'],
    ),
    'the decision log is memory-bank/decisionLog.md': r.ledgerPath === 'memory-bank/decisionLog.md',
    'a bad diff_hash is refused with schema.pattern': r.refused?.[0] === 'schema.pattern',
    'verify counts 3 entries': r.verifiedEntries === 3,
    'checkpoint size 3': r.checkpointSize === 3,
    'entries lists 3': r.entries === 3,
    'search finds the doc': r.hits?.[0] === 'fact.release',
    'check is ok': r.checkOk === true && same(r.checkErrors, []),
    'check read every file the job wrote': same(r.checkedFiles, CHECKED_FILES),
    'import wrote every file': r.importWritten === CHECKED_FILES.length,
    'the imported ledger has 3 entries': r.copiedEntries === 3,
    'search finds the doc in the imported memory': r.copyHits?.[0] === 'fact.release',
    'ready lists the epic and task 1.2': same(r.ready, ['1', '1.2']),
    'nothing is blocked': same(r.blocked, []),
    'readDoc gives the title': r.readTitle === 'Release checklist',
    'readDoc gives the body': r.readBody === '# Release checklist\n\nRun the tests, tag the commit, publish the package.\n',
  };
  return Object.entries(checks)
    .filter(([, passed]) => !passed)
    .map(([name]) => name);
}
