import { Compile } from 'typebox/compile';
import type { Validator } from 'typebox/compile';
import type { TLocalizedValidationError } from 'typebox/error';
import { type Problem, type Result, error, fail, joinPointer, ok } from '../problems/index.js';
import { type CheckEnv, type FormatDef, getFormat, formatIds } from './registry.js';
import { defaultCountTokens } from './tokens.js';

/** Options for {@link validate}. */
export interface ValidateOptions extends Partial<CheckEnv> {
  /** Stop after this many problems (default 50). */
  maxProblems?: number;
}

const compiled = new Map<string, Validator>();

function validatorFor(def: FormatDef): Validator {
  let v = compiled.get(def.id);
  if (v === undefined) {
    v = Compile(def.schema) as unknown as Validator;
    compiled.set(def.id, v);
  }
  return v;
}

const kebab = (s: string) => s.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase());

/** Turns TypeBox errors into Problems with JSON Pointers at the offending value. */
export function toProblems(errors: readonly TLocalizedValidationError[]): Problem[] {
  const out: Problem[] = [];
  for (const e of errors) {
    switch (e.keyword) {
      case 'boolean':
      case 'if':
        // `additionalProperties: false` is reported twice; the `if`/`then` rules are
        // re-checked by the format's own check with a precise pointer.
        continue;
      case 'required':
        for (const name of e.params.requiredProperties)
          out.push(error('schema.required', `missing required property "${name}"`, { pointer: joinPointer(e.instancePath, name) }));
        continue;
      case 'additionalProperties':
        for (const name of e.params.additionalProperties)
          out.push(error('schema.additional-properties', `property "${name}" is not allowed here`, { pointer: joinPointer(e.instancePath, name) }));
        continue;
      default:
        out.push(error(`schema.${kebab(e.keyword)}`, e.message, { pointer: e.instancePath }));
    }
  }
  return dedupe(out);
}

function dedupe(problems: Problem[]): Problem[] {
  const seen = new Set<string>();
  return problems.filter((p) => {
    const key = `${p.code}\u0000${p.pointer}\u0000${p.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * Validates `value` against the memkit format `formatId` and returns the
 * problems found (empty when valid). Never throws on bad input.
 *
 * @example
 * validate('wbs-task', { id: '1.2', type: 'task', status: 'done' })
 * // [{ code: 'wbs.type-depth', pointer: '/type', ... }]
 */
export function validate(formatId: string, value: unknown, options: ValidateOptions = {}): Problem[] {
  const def = getFormat(formatId);
  if (def === undefined)
    return [error('schema.unknown-format', `unknown format "${formatId}"; known: ${formatIds.join(', ')}`)];
  const validator = validatorFor(def);
  let problems: Problem[];
  try {
    if (validator.Check(value)) {
      problems = def.check ? def.check(value, { countTokens: options.countTokens ?? defaultCountTokens }) : [];
    } else {
      problems = toProblems(validator.Errors(value));
      // The `if`/`then` rules only surface through the format's check; run it when the
      // rest of the value is sound enough for it to read.
      if (problems.length === 0 && def.check) problems = def.check(value, { countTokens: options.countTokens ?? defaultCountTokens });
      if (problems.length === 0) problems = [error('schema.invalid', `value is not a valid ${def.title}`, { pointer: '' })];
    }
  } catch (cause) {
    problems = [error('input.too-deep', `value could not be validated: ${(cause as Error).message}`, { pointer: '' })];
  }
  const max = options.maxProblems ?? 50;
  return problems.length > max ? problems.slice(0, max) : problems;
}

/** Validates and returns the typed value, or the problems. */
export function parseFormat<T = unknown>(formatId: string, value: unknown, options?: ValidateOptions): Result<T> {
  const problems = validate(formatId, value, options);
  return problems.some((p) => p.severity === 'error') ? fail(problems) : ok(value as T, problems);
}

/** True when the value is valid for the format (schema and semantic checks). */
export function isValid(formatId: string, value: unknown, options?: ValidateOptions): boolean {
  return validate(formatId, value, options).length === 0;
}
