import { type WriterPolicy, withWriters } from '../formats/memory-bank/policy.js';
import type { Problem } from '../kernel/problems/index.js';
import { CONFIG_FILE, type MemkitConfig, loadConfig } from './config.js';
import { anyGlob } from './glob.js';
import { type Profile, type SeverityPolicy, severityPolicy } from './profile.js';
import type { RuleTable } from './rules.js';
import type { CheckSource } from './source.js';

/** What a check's profile and config decide: the context's settings and which paths are left out. */
export interface CheckSettings {
  env: { policy: SeverityPolicy; writerPolicy: WriterPolicy; lockedBy?: string };
  /** True for a path the check skips (the config file itself, `ignore` globs). */
  skip: (path: string) => boolean;
  /** Problems reading the config file found at the root (a bad one is reported and not used). */
  problems: Problem[];
  /** The fingerprints of the config's `secrets.allow`: findings not reported. */
  allowSecrets: readonly string[];
}

/** The settings of one check: `config` when given (`null`: none), else the root's `memkit.config.json`; `profile` wins over the config's. */
export async function checkSettings(
  source: CheckSource,
  listed: readonly { path: string }[],
  profile: Profile | undefined,
  config: MemkitConfig | null | undefined,
  codes?: RuleTable,
): Promise<CheckSettings> {
  const problems: Problem[] = [];
  let cfg = config ?? undefined;
  if (config === undefined && listed.some((f) => f.path === CONFIG_FILE)) {
    const loaded = await loadConfig(source, undefined, codes);
    if (loaded.ok) cfg = loaded.value ?? undefined;
    else problems.push(...loaded.problems);
  }
  const ignored = anyGlob(cfg?.ignore ?? []);
  const env: CheckSettings['env'] = {
    policy: severityPolicy(cfg, profile, codes),
    writerPolicy: withWriters(cfg?.memoryBank?.writers ?? {}),
    ...(cfg?.memoryBank?.lockedBy === undefined ? {} : { lockedBy: cfg.memoryBank.lockedBy }),
  };
  return { env, skip: (path) => path === CONFIG_FILE || ignored(path), problems, allowSecrets: cfg?.secrets?.allow ?? [] };
}
