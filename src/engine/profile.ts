import type { Problem, Severity } from '../kernel/problems/index.js';
import type { MemkitConfig } from '../schema/memkit-config.js';
import { RULES, type RuleTable } from './rules.js';

/** The checker's profiles: `spec` (default) holds files to what the seeds state; `strict` also to memkit's conventions. */
export type Profile = 'spec' | 'strict';

/** The profiles, in the order the CLI lists them. */
export const PROFILES: readonly Profile[] = ['spec', 'strict'];

/** A configured rule severity: `off` drops the rule's problems. */
export type RuleSetting = 'off' | 'warn' | 'error';

/** What decides a problem's effective severity besides the rule table. */
export interface SeverityPolicy {
  /** Default `spec`. */
  profile?: Profile;
  /** Per-code settings (the config file's `rules`); they win over the profile. */
  rules?: Readonly<Record<string, RuleSetting>>;
  /** The rule table conventions are looked up in (default the checker's {@link RULES}; `memkit check` passes the whole table). */
  codes?: RuleTable;
}

/**
 * The severity a problem is reported with, or `'off'`: the code's config setting, else a convention is a warning
 * under `spec` and an error under `strict`, else the severity raised. Idempotent.
 * @example effectiveSeverity({ code: 'check.manifest-absolute-path', severity: 'error' }, { profile: 'strict' }) // 'error': a convention
 */
export function effectiveSeverity(problem: Pick<Problem, 'code' | 'severity'>, policy: SeverityPolicy = {}): Severity | 'off' {
  const setting = policy.rules !== undefined && Object.hasOwn(policy.rules, problem.code) ? policy.rules[problem.code] : undefined;
  if (setting !== undefined) return setting === 'warn' ? 'warning' : setting;
  if ((policy.codes ?? RULES).get(problem.code)?.source === 'convention') return policy.profile === 'strict' ? 'error' : 'warning';
  return problem.severity;
}

/** `problem` with its effective severity (the same object when unchanged), or undefined when the policy turns it off. */
export function applyPolicy(problem: Problem, policy: SeverityPolicy): Problem | undefined {
  const s = effectiveSeverity(problem, policy);
  if (s === 'off') return undefined;
  return s === problem.severity ? problem : { ...problem, severity: s };
}

/**
 * The {@link SeverityPolicy} of one run: `profile` if given, else the config's, else `spec`, with the config's
 * per-code settings; every surface decides severities by it, so one problem has one severity everywhere.
 * @example severityPolicy({ profile: 'strict' }, undefined).profile // 'strict'
 */
export function severityPolicy(config: Pick<MemkitConfig, 'profile' | 'rules'> | null | undefined, profile?: Profile, codes?: RuleTable): SeverityPolicy {
  return {
    profile: profile ?? (config?.profile as Profile | undefined) ?? 'spec',
    ...(config?.rules ? { rules: config.rules as Record<string, RuleSetting> } : {}),
    ...(codes ? { codes } : {}),
  };
}
