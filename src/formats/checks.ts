/** The checks of one `memkit check` run: each format's file check by format id (the compiler proves none is missing), then the cross-file checks. */
import { error } from '../kernel/problems/index.js';
import type { CheckContext, LoadedFile } from './check-context.js';
import { checkJsonFormat } from './check-json.js';
import { checkEvents } from './events/check.js';
import type { exportBundle } from './export-bundle/index.js';
import { checkGardener, crossCheckGardener } from './gardener-config/check.js';
import type { FormatId } from './index.js';
import { type BankFacts, type PayloadReader, checkMemoryBankFile, crossCheckMemoryBank } from './memory-bank/check.js';
import { checkMemoryDoc } from './memory-doc/check.js';
import { checkThreadStore } from './thread-store/check.js';
import { crossCheckThunderus } from './thunderus/cross.js';
import { JOURNAL_FILE, checkWbsGroup } from './wbs/check.js';

/** The check of one file of a format. */
export type FileCheck = (file: LoadedFile, ctx: CheckContext) => void | Promise<void>;

/** The checks of one run (the export bundle's file check is passed in: it needs the exchange service above this folder). */
export interface CheckRunChecks {
  /** Checks one file of its format. */
  file: FileCheck;
  /** Runs the cross-file checks once every file was checked (`walked` reads only files of the walk, a ledger's payloads); a check that throws is a `check.internal` problem and the others still run. */
  cross(ctx: CheckContext, walked: PayloadReader): Promise<void>;
}

/** The directory holding `.claude/memory` for a WBS path (`a/.claude/memory/tasks/1.json` → `a/.claude/memory`). */
function wbsRoot(path: string): string {
  const i = path.lastIndexOf('.claude/memory/');
  return path.slice(0, i + '.claude/memory'.length);
}

/** The checks of one run, with the state its file checks gather for its cross-file checks. */
export function checkRunChecks(checkExportBundle: FileCheck): CheckRunChecks {
  const wbsGroups = new Map<string, { index?: LoadedFile; tasks: LoadedFile[] }>();
  const banks = new Map<string, BankFacts>();
  const wbsFile: FileCheck = (file) => {
    const root = wbsRoot(file.path);
    const g = wbsGroups.get(root) ?? { tasks: [] };
    wbsGroups.set(root, g);
    if (file.format === 'wbs-task-index') g.index = file;
    else g.tasks.push(file);
  };
  const bankFile: FileCheck = (file, ctx) => checkMemoryBankFile(file, ctx, banks);
  const checks: Readonly<Record<Exclude<FormatId, typeof exportBundle.id>, FileCheck>> = {
    'memory-doc': checkMemoryDoc,
    'memory-manifest': (file, ctx) => {
      if (checkJsonFormat(file, 'memory-manifest', ctx)) ctx.manifests.push(file);
    },
    events: checkEvents,
    'gardener-config': checkGardener,
    'system-patterns': bankFile,
    'product-context': bankFile,
    'active-context': bankFile,
    'decision-log': bankFile,
    progress: bankFile,
    'risk-register': bankFile,
    'workflow-state': bankFile,
    'artifacts-manifest': bankFile,
    'feedback-log': bankFile,
    'wbs-task-index': wbsFile,
    'wbs-task': wbsFile,
    'thread-store': checkThreadStore,
  };
  const byFormat: Readonly<Record<FormatId, FileCheck>> = { ...checks, 'export-bundle': checkExportBundle };
  return {
    file: (file, ctx) => byFormat[file.format](file, ctx),
    async cross(ctx, walked) {
      const cross: [string, () => void | Promise<void>][] = [
        ['thunderus', () => crossCheckThunderus(ctx)],
        ['memory bank', () => crossCheckMemoryBank(banks, ctx, walked)],
        ['gardener', () => crossCheckGardener(ctx)],
        [
          'wbs',
          () => {
            for (const [root, g] of wbsGroups) checkWbsGroup(root, g.index, g.tasks, ctx, walked.has(`${root}/${JOURNAL_FILE}`));
          },
        ],
      ];
      for (const [name, run] of cross) {
        try {
          await run();
        } catch (cause) {
          ctx.add(error('check.internal', `memkit failed in the ${name} cross-file checks: ${(cause as Error).message}`));
        }
      }
    },
  };
}
