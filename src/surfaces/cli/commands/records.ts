import { relative, sep } from 'node:path';
import type { ProgressStatus } from '../../../handle/index.js';
import { PROGRESS_STATUSES } from '../../../schema/typebox/memory-bank.js';
import { type Command, UsageError } from '../command.js';
import type { OutputFormat } from '../emit.js';
import { ALLOW_SECRET_HELP, FORMAT_HELP, absolute, allowSecretOption, existing, formatOption, shown } from './shared.js';
import { emitWrite, memoryAt } from './memory-at.js';

// The Memory Bank's records that are not ledgers: a row of the progress table, an entry of the artifacts
// manifest. Each write is computed in memory, checked as `memkit check` would check the result, and written
// atomically under the file's lock, or refused with the problems and nothing changed.

/** `memkit progress DIR ROW --status STATUS [--as AGENT]`. */
export const progressCommand: Command = {
  name: 'progress',
  help: `Usage: memkit progress DIR ROW --status STATUS [--as AGENT] [--format text|json|sarif]

Sets the status of the row ROW (its task_id) of the Memory Bank's progress table
(progress.md) under DIR, and its updated_at to now; every other byte of the file
is kept. Every row is a milestone (each has a milestone_severity), and moving one
to DONE needs --as one of the approvers (CIReviewer, ReaperOAK). The writer policy
applies to --as (memoryBank.writers of memkit.config.json may name the file's
writers). The result is checked as memkit check would check it and written under
progress.md.lock, or refused with nothing written.

Options:
  --status STATUS   ${PROGRESS_STATUSES.join(', ')}
  --as AGENT        the agent writing (an approver for DONE)
${ALLOW_SECRET_HELP}
${FORMAT_HELP}

Exit status: 0 written (or already so), 1 refused (problems printed, nothing changed), 2 usage error.
`,
  options: { status: { type: 'string' }, as: { type: 'string' }, 'allow-secret': allowSecretOption, format: formatOption },
  async run({ values, positionals }, io) {
    const [dirArg, id, ...extra] = positionals;
    if (dirArg === undefined || id === undefined) throw new UsageError('progress needs the memory DIR and a ROW (its task_id)');
    if (extra.length > 0) throw new UsageError('too many arguments');
    const status = values.status as string | undefined;
    if (status === undefined) throw new UsageError(`progress needs --status (${PROGRESS_STATUSES.join(', ')})`);
    if (!(PROGRESS_STATUSES as readonly string[]).includes(status)) throw new UsageError(`--status must be one of ${PROGRESS_STATUSES.join(', ')}`);
    const root = await existing(io, dirArg, 'directory');
    const as = values.as as string | undefined;
    const set = await memoryAt(root, values).setProgress({ id, status: status as ProgressStatus, ...(as === undefined ? {} : { as }) });
    return emitWrite(io, values.format as OutputFormat, shown(io, root), set, (p) => ({
      text: p.changed.length === 0 ? `${id} is already ${status}; nothing to write\n` : `${id} is ${status}: wrote ${p.path} (line ${p.line})\n`,
      json: { written: p.changed.length > 0, ...p },
    }));
  },
};

const ARTIFACT_ACTIONS = ['add'] as const;

/** `memkit artifact add DIR PATH [--as AGENT] [--phase PHASE]`. */
export const artifactCommand: Command = {
  name: 'artifact',
  help: `Usage: memkit artifact add DIR PATH [--as AGENT] [--phase PHASE] [--session ID] [--depends-on PATH]... [--format text|json|sarif]

Records the file PATH (relative to the working directory, inside DIR) in DIR's
artifacts-manifest.json: its sha256 from the file's bytes, created_by, phase and
created_at. An entry for the same path is updated in place; a manifest not there
yet is created in the memory bank for the open session (workflow-state.json).
The writer policy applies to --as (the manifest's writer is ReaperOAK); the result
is checked as memkit check would check it and written under the manifest's lock,
or refused with nothing written.

Options:
  --as AGENT          the agent recording it, its created_by (default ReaperOAK)
  --phase PHASE       the phase that produced it (default: the workflow state's
                      current_phase)
  --session ID        the session_id of a manifest not there yet (default: the
                      workflow state's)
  --depends-on PATH   an artifact it was built from (repeat for several);
                      replaces its dependency_graph entry
${ALLOW_SECRET_HELP}
${FORMAT_HELP}

Exit status: 0 written (or already so), 1 refused (problems printed, nothing changed), 2 usage error.
`,
  options: {
    as: { type: 'string' },
    phase: { type: 'string' },
    session: { type: 'string' },
    'depends-on': { type: 'string', multiple: true },
    'allow-secret': allowSecretOption,
    format: formatOption,
  },
  async run({ values, positionals }, io) {
    const [action, dirArg, pathArg, ...extra] = positionals;
    if (action === undefined || !(ARTIFACT_ACTIONS as readonly string[]).includes(action)) throw new UsageError(`the action must be ${ARTIFACT_ACTIONS.join(', ')}`);
    if (dirArg === undefined || pathArg === undefined) throw new UsageError('artifact add needs the memory DIR and the artifact PATH');
    if (extra.length > 0) throw new UsageError('too many arguments');
    const root = await existing(io, dirArg, 'directory');
    const rel = relative(root, absolute(io, pathArg)).split(sep).join('/');
    if (rel === '' || rel === '..' || rel.startsWith('../') || rel.startsWith('/') || /^[A-Za-z]:/.test(rel)) throw new UsageError(`${pathArg} is not inside ${shown(io, root)}`);
    const dependsOn = (values['depends-on'] as string[] | undefined)?.map((d) => relative(root, absolute(io, d)).split(sep).join('/'));
    const added = await memoryAt(root, values).addArtifact({
      path: rel,
      ...(values.as === undefined ? {} : { as: values.as as string }),
      ...(values.phase === undefined ? {} : { phase: values.phase as string }),
      ...(values.session === undefined ? {} : { session: values.session as string }),
      ...(dependsOn === undefined ? {} : { dependsOn }),
    });
    return emitWrite(io, values.format as OutputFormat, shown(io, root), added, (a) => ({
      text:
        a.changed.length === 0
          ? `${a.artifact.path} is recorded with this sha256 already; nothing to write\n`
          : `${a.created ? 'added' : 'updated'} ${a.artifact.path} (sha256 ${a.artifact.sha256}) in ${a.manifest}\n`,
      json: { written: a.changed.length > 0, ...a },
    }));
  },
};
