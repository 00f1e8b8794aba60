import { Type } from './typebox/type.js';
import { type SchemaChecker, interpretedCheck, interpretedChecker, tiered, tieredChecker } from './typebox-check.js';
import type { TLocalizedValidationError } from 'typebox/error';
import { Settings } from 'typebox/system';
import { type Problem, ProblemCap, type Result, type Severity, error, fail, joinPointer, ok, warning } from '../kernel/problems/index.js';
import { DATE_TIME_PATTERN, SEMVER_PATTERN } from './common.js';
import { THREAD_STORE_VERSION_PATTERN } from './thread-store.js';
import { ISO_DATE_TIME_PATTERN, isIsoDateTime, isRfc3339DateTime } from './date-time.js';
import { FORM, formOf } from './form.js';
import { compileCheckCode, compileIndexedCheck, compilePropertyScan } from './check-code.js';
import { type CheckEnv, type FormatDef, type SchemaId, getFormat, formatIds } from './registry.js';

/** A schema id as the validators take it: any {@link SchemaId}, or another string, reported as `schema.unknown-format` (ids often come from user input). */
export type SchemaIdInput = SchemaId | (string & {});
import { defaultCountTokens } from './tokens.js';
import { isObject } from '../kernel/object.js';

/** Options for {@link validate}. */
export interface ValidateOptions extends Partial<Pick<CheckEnv, 'countTokens'>> {
  /** Report at most this many problems (default {@link DEFAULT_MAX_PROBLEMS}, at most {@link MAX_VALUE_PROBLEMS}), then one `problems.truncated`. */
  maxProblems?: number;
  /** `false`: check the JSON Schema only, without the format's semantic rules (for callers that check those themselves). Default `true`. */
  semantic?: boolean;
}

/** How many problems {@link validate} reports per value unless told otherwise. */
export const DEFAULT_MAX_PROBLEMS = 50;

/** The most problems one validation reports, whatever `maxProblems` says: a million bad items do not make a million errors. */
export const MAX_VALUE_PROBLEMS = 100_000;

/** Errors asked for beyond the cap, so `problems.truncated` counts exactly in any realistic value (past it, "at least"). */
const ERROR_HEADROOM = 10_000;

/** What the schema problem functions need of a compiled TypeBox validator (or of TypeBox's `Value`-style checker). */
type ErrorSource = { Errors(value: unknown): readonly unknown[] };

/** TypeBox's errors for `value`, up to `limit` (TypeBox's own limit is global and silent), and whether it stopped there. */
function schemaErrors(validator: ErrorSource, value: unknown, limit: number): { errors: TLocalizedValidationError[]; stopped: boolean } {
  const settings = Settings.Get();
  const before = settings.maxErrors;
  const max = Math.max(1, Math.min(Math.floor(limit), Number.MAX_SAFE_INTEGER));
  // The setting is global; validation is synchronous, so restoring it in `finally` leaves other callers' limit untouched.
  Settings.Set({ maxErrors: max });
  try {
    const errors = validator.Errors(value) as TLocalizedValidationError[];
    return { errors, stopped: errors.length >= max };
  } finally {
    Settings.Set({ maxErrors: before });
  }
}

/** `problems` through a {@link ProblemCap} of `max`; `stopped`: TypeBox stopped collecting, so a count is a lower bound. */
function capped(problems: Problem[], max: number, stopped: boolean): Problem[] {
  if (problems.length <= max && !stopped) return problems;
  const cap = new ProblemCap(max);
  cap.addAll(problems);
  if (stopped) cap.skip(0, 'error', {}, true);
  return cap.problems;
}

/** The schema problems of `value` under a compiled TypeBox validator, capped as {@link validate} caps them. */
export function schemaProblems(validator: ErrorSource, value: unknown, maxProblems: number = DEFAULT_MAX_PROBLEMS): Problem[] {
  const max = Math.min(maxProblems, MAX_VALUE_PROBLEMS);
  const { errors, stopped } = schemaErrors(validator, value, max + ERROR_HEADROOM);
  return capped(toProblems(errors), max, stopped);
}

/** A compiled validator of one format: returns the problems of a value (empty when valid). */
export type FormatValidator = (value: unknown) => Problem[];

/** The Problem code of each JSON Schema keyword TypeBox reports; others are `schema.invalid`. */
export const KEYWORD_CODES: Readonly<Record<string, string>> = {
  type: 'schema.type',
  enum: 'schema.enum',
  const: 'schema.const',
  pattern: 'schema.pattern',
  format: 'schema.format',
  minLength: 'schema.min-length',
  maxLength: 'schema.max-length',
  minimum: 'schema.minimum',
  maximum: 'schema.maximum',
  minItems: 'schema.min-items',
  maxItems: 'schema.max-items',
  uniqueItems: 'schema.unique-items',
  contains: 'schema.contains',
  anyOf: 'schema.any-of',
  multipleOf: 'schema.multiple-of',
};

/** Human messages for patterns whose regular expression would say nothing to a reader. */
const PATTERN_MESSAGES = new Map<string, string>([
  [SEMVER_PATTERN, 'must be a SemVer 2.0.0 version, like 1.4.0 (not a semver version)'],
  [THREAD_STORE_VERSION_PATTERN, 'must be a semver version, like 1.4.0 (or the two-part 1.4)'],
]);

/** How many allowed values an enum message lists before "…". */
const ENUM_LISTED = 20;

const enumMessages = new WeakMap<readonly unknown[], string>();

/** The message of an `enum` error, built once per list of allowed values. */
function enumMessage(values: readonly unknown[]): string {
  let message = enumMessages.get(values);
  if (message === undefined) {
    message = `must be one of ${listValues(values)}`;
    enumMessages.set(values, message);
  }
  return message;
}

/** `"a", "b" or "c"`: the allowed values as JSON, for enum and const messages. */
function listValues(values: readonly unknown[]): string {
  const shown = values.slice(0, ENUM_LISTED).map((v) => JSON.stringify(v) ?? String(v));
  if (values.length > ENUM_LISTED) return `${shown.join(', ')}, … (${values.length} values)`;
  return shown.length <= 1 ? (shown[0] ?? '') : `${shown.slice(0, -1).join(', ')} or ${shown.at(-1)}`;
}

const DATE_TIME_MESSAGE = 'must be an RFC 3339 date-time that exists, like 2026-02-20T02:00:00Z';
const ISO_DATE_TIME_MESSAGE = 'must be an ISO 8601 date-time that exists, like 2026-02-20T02:00:00Z';
const UNIQUE_MESSAGE = 'must not have duplicate items';

/** Refinement messages memkit compiles, and the code each reports. */
const REFINE_CODES = new Map<string, string>([
  [DATE_TIME_MESSAGE, 'schema.format'],
  [ISO_DATE_TIME_MESSAGE, 'schema.format'],
  [UNIQUE_MESSAGE, 'schema.unique-items'],
]);

/** Drops the "must be null" branch error and the `anyOf` summary of `X | null` when the other branch says what is wrong. */
function simplifyUnions(errors: readonly TLocalizedValidationError[]): readonly TLocalizedValidationError[] {
  // Branch errors come only with an `anyOf` error: without one there is nothing to drop.
  if (!errors.some(isAnyOf)) return errors;
  const informative = new Set<string>();
  for (const e of errors) if (!isNullBranch(e) && e.keyword !== 'anyOf') informative.add(e.instancePath);
  return errors.filter((e) => !((isNullBranch(e) || e.keyword === 'anyOf') && informative.has(e.instancePath)));
}

const isAnyOf = (e: TLocalizedValidationError): boolean => e.keyword === 'anyOf';
const isNullBranch = (e: TLocalizedValidationError): boolean => e.keyword === 'type' && e.params.type === 'null' && /\/anyOf\/\d+$/.test(e.schemaPath);

/** Keywords whose complaint is moot when the value has the wrong type altogether. */
const MOOT_AFTER_TYPE = new Set(['schema.const', 'schema.enum', 'schema.pattern', 'schema.format', 'schema.min-length', 'schema.max-length']);

/**
 * memkit's message for a schema error: the same English whichever locale TypeBox is set to, and whether the
 * error came from TypeBox's interpreter or from memkit's own error walk. A keyword memkit does not word keeps
 * TypeBox's message.
 */
function schemaMessage(e: { keyword: string; params: Record<string, unknown>; message?: string }): string {
  const p = e.params;
  switch (e.keyword) {
    case '~refine':
      return typeof p.message === 'string' ? p.message : (e.message ?? 'must satisfy its refinement');
    case 'type':
      return Array.isArray(p.type) ? `must be either ${p.type.join(' or ')}` : `must be ${p.type}`;
    case 'minItems':
      return `must not have fewer than ${p.limit} items`;
    case 'maxItems':
      return `must not have more than ${p.limit} items`;
    case 'minLength':
      return `must not have fewer than ${p.limit} characters`;
    case 'maxLength':
      return `must not have more than ${p.limit} characters`;
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return `must be ${p.comparison} ${p.limit}`;
    case 'required':
      return `must have required properties ${(p.requiredProperties as string[]).join(', ')}`;
    case 'additionalProperties':
      return 'must not have additional properties';
    case 'const':
      return 'must be equal to constant';
    case 'enum':
      return 'must be equal to one of the allowed values';
    case 'contains':
      return 'must contain at least 1 valid item';
    case 'anyOf':
      return 'must match a schema in anyOf';
    case 'pattern':
      return `must match pattern "${p.pattern}"`;
    case 'format':
      return `must match format "${p.format}"`;
    case 'uniqueItems':
      return UNIQUE_MESSAGE;
    default:
      return e.message ?? `must satisfy ${e.keyword}`;
  }
}

/** Turns TypeBox errors into Problems with JSON Pointers at the offending value. */
function toProblems(errors: readonly TLocalizedValidationError[]): Problem[] {
  const out: Problem[] = [];
  for (const e of simplifyUnions(errors)) {
    if ((e.keyword as string) === '~refine' || (e.keyword as string) === 'refine') {
      // The refinements compiledSchemaOf puts in place of date-time and unique strings.
      const message = schemaMessage({ ...e, keyword: '~refine' });
      out.push(error(REFINE_CODES.get(message) ?? 'schema.pattern', message, { pointer: e.instancePath }));
      continue;
    }
    switch (e.keyword) {
      case 'boolean':
      case 'if':
        // `additionalProperties: false` is reported twice; the `if`/`then` rules are
        // re-checked by the format's own check with a precise pointer.
        continue;
      case 'required':
        for (const name of e.params.requiredProperties) out.push(error('schema.required', `missing required property "${name}"`, { pointer: joinPointer(e.instancePath, name) }));
        continue;
      case 'additionalProperties': {
        // With a schema (not `false`) for additional properties, TypeBox also lists the
        // keys whose values failed it; those failures are already reported precisely.
        const sub = `${e.schemaPath}/additionalProperties`;
        for (const name of e.params.additionalProperties) {
          const pointer = joinPointer(e.instancePath, name);
          const explained = errors.some((x) => x.keyword !== 'boolean' && x.schemaPath.startsWith(sub) && (x.instancePath === pointer || x.instancePath.startsWith(pointer + '/')));
          if (!explained) out.push(error('schema.additional-properties', `property "${name}" is not allowed here`, { pointer }));
        }
        continue;
      }
      case 'format':
        out.push(error('schema.format', e.params.format === 'date-time' ? DATE_TIME_MESSAGE : schemaMessage(e), { pointer: e.instancePath }));
        continue;
      case 'pattern':
        // DateTime carries both `format` and a pattern; report one date-time problem.
        if (e.params.pattern === DATE_TIME_PATTERN) out.push(error('schema.format', DATE_TIME_MESSAGE, { pointer: e.instancePath }));
        else if (e.params.pattern === ISO_DATE_TIME_PATTERN) out.push(error('schema.format', ISO_DATE_TIME_MESSAGE, { pointer: e.instancePath }));
        else out.push(error('schema.pattern', PATTERN_MESSAGES.get(String(e.params.pattern)) ?? schemaMessage(e), { pointer: e.instancePath }));
        continue;
      case 'enum':
        out.push(error('schema.enum', enumMessage(e.params.allowedValues), { pointer: e.instancePath }));
        continue;
      case 'const':
        out.push(error('schema.const', `must be ${listValues([e.params.allowedValue])}`, { pointer: e.instancePath }));
        continue;
      default:
        out.push(error(KEYWORD_CODES[e.keyword] ?? 'schema.invalid', schemaMessage(e), { pointer: e.instancePath }));
    }
  }
  if (out.length <= 1) return out;
  const wrongType = new Set(out.filter((p) => p.code === 'schema.type').map((p) => p.pointer));
  return dedupe(wrongType.size === 0 ? out : out.filter((p) => !(MOOT_AFTER_TYPE.has(p.code) && wrongType.has(p.pointer))));
}

function dedupe(problems: Problem[]): Problem[] {
  if (problems.length <= 1) return problems;
  const seen = new Set<string>();
  return problems.filter((p) => {
    const key = `${p.code}\u0000${p.pointer}\u0000${p.code === 'schema.format' ? '' : p.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function runCheck(check: FormatDef['check'] | null, value: unknown, env: CheckEnv): Problem[] {
  try {
    return check ? check(value, env) : [];
  } catch {
    // Checks read values the schema rejected only defensively; a shape they did not
    // expect adds nothing beyond the schema problems already reported.
    return [];
  }
}

const PROFILE_MESSAGE = 'is an ISO 8601 date-time but not in the RFC 3339 form memkit writes (like 2026-02-20T02:00:00Z: extended calendar date, seconds, a Z or ±hh:mm zone)';

/** The `convention.date-time-profile` warnings of `value` under a format's schema: one per ISO 8601 date-time outside memkit's RFC 3339 profile. */
export function dateTimeProfileProblems(schema: unknown, value: unknown, pointer = ''): Problem[] {
  if (!hasOffProfileDate(schema, value)) return [];
  const out = new Map<string, Problem>();
  walkDates(schema, value, pointer, out, 0);
  return [...out.values()];
}

/** Adds the warnings below `schema` to `out`; with `out` null, only says whether there is one (no pointers built). */
function walkDates(schema: unknown, value: unknown, pointer: string, out: Map<string, Problem> | null, depth: number): boolean {
  const plan = datePlan(schema);
  if (plan === undefined || depth > 64) return false;
  if (plan === 'date') {
    if (typeof value !== 'string' || isRfc3339DateTime(value) || !isIsoDateTime(value)) return false;
    out?.set(pointer, warning('convention.date-time-profile', `${JSON.stringify(value)} ${PROFILE_MESSAGE}`, { pointer }));
    return true;
  }
  let found = false;
  for (const b of plan.branches)
    if (walkDates(b, value, pointer, out, depth + 1)) {
      if (out === null) return true;
      found = true;
    }
  if (Array.isArray(value)) {
    // Pointers are built only below a part of the schema that holds a date-time.
    if (plan.items !== undefined)
      for (let i = 0; i < value.length; i++)
        if (walkDates(plan.items, value[i], out === null ? '' : joinPointer(pointer, String(i)), out, depth + 1)) {
          if (out === null) return true;
          found = true;
        }
    return found;
  }
  if (typeof value !== 'object' || value === null || (plan.other === undefined && plan.props.size === 0)) return found;
  if (out === null && plan.other === undefined) {
    // Only whether: the date-bearing properties alone, in the schema's order.
    for (const [key, sub] of plan.props) if (Object.hasOwn(value, key) && walkDates(sub, (value as Record<string, unknown>)[key], '', null, depth + 1)) return true;
    return found;
  }
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    const sub = plan.declared.has(key) ? plan.props.get(key) : plan.other;
    if (sub !== undefined && walkDates(sub, (value as Record<string, unknown>)[key], out === null ? '' : joinPointer(pointer, key), out, depth + 1)) {
      if (out === null) return true;
      found = true;
    }
  }
  return found;
}

/** True when `value` has an ISO 8601 date-time outside memkit's profile where `schema` has a date-time field. */
function hasOffProfileDate(schema: unknown, value: unknown): boolean {
  return walkDates(schema, value, '', null, 0);
}

/** Where date-times sit below one schema node: its date-bearing branches, items, properties and the schema of other keys. */
interface DatePlan {
  branches: unknown[];
  items: unknown;
  /** Every key of `properties` (a declared key never falls to `other`). */
  declared: Set<string>;
  /** The declared keys whose schema holds a date-time. */
  props: Map<string, unknown>;
  /** The schema of undeclared keys (first pattern property, else additionalProperties), when it holds a date-time. */
  other: unknown;
}

const datePlans = new WeakMap<object, DatePlan | 'date' | 'none'>();
/** `undefined`: no date-time below `schema`; `'date'`: an ISO 8601 date-time field. */
function datePlan(schema: unknown): DatePlan | 'date' | undefined {
  if (typeof schema !== 'object' || schema === null) return undefined;
  const known = datePlans.get(schema);
  if (known !== undefined) return known === 'none' ? undefined : known;
  if (!hasIsoDate(schema)) {
    datePlans.set(schema, 'none');
    return undefined;
  }
  const node = schema as Record<string, unknown>;
  const bears = (x: unknown) => typeof x === 'object' && x !== null && hasIsoDate(x);
  if (node.pattern === ISO_DATE_TIME_PATTERN) {
    datePlans.set(schema, 'date');
    return 'date';
  }
  const props = (node.properties ?? {}) as Record<string, unknown>;
  const other = Object.values((node.patternProperties ?? {}) as Record<string, unknown>)[0] ?? node.additionalProperties;
  const plan: DatePlan = {
    branches: [node.anyOf, node.oneOf, node.allOf].flatMap((b) => (Array.isArray(b) ? b.filter(bears) : [])),
    items: bears(node.items) ? node.items : undefined,
    declared: new Set(Object.keys(props)),
    props: new Map(Object.entries(props).filter(([, v]) => bears(v))),
    other: bears(other) ? other : undefined,
  };
  datePlans.set(schema, plan);
  return plan;
}

const hasIsoDateCache = new WeakMap<object, boolean>();
/** True when an ISO 8601 date-time field sits somewhere in `schema`: walking elsewhere is wasted. */
function hasIsoDate(schema: object): boolean {
  let v = hasIsoDateCache.get(schema);
  if (v === undefined) {
    hasIsoDateCache.set(schema, false); // a cycle adds nothing
    const node = schema as Record<string, unknown>;
    v = node.pattern === ISO_DATE_TIME_PATTERN || Object.values(node).some((x) => typeof x === 'object' && x !== null && hasIsoDate(x));
    hasIsoDateCache.set(schema, v);
  }
  return v;
}

/**
 * The schema memkit compiles for a format: the emitted schema without its `if`/`then` rules (the
 * format's `check` reports them with a precise pointer), date-time strings checked by
 * {@link isRfc3339DateTime} (the same strings, faster), and unique-string arrays by a Set.
 */
export function compiledSchemaOf<T>(schema: T): T {
  return compileNode(schema, false);
}

/**
 * {@link compiledSchemaOf} with every field that has a form (`withForm`) held to it: a value
 * passing it is valid and gives the convention checks nothing to say. Never used for errors.
 */
export function inFormSchemaOf<T>(schema: T): T {
  return compileNode(schema, true);
}

function compileNode<T>(schema: T, inForm: boolean): T {
  if (Array.isArray(schema)) return schema.map((x) => compileNode(x, inForm)) as T;
  if (typeof schema !== 'object' || schema === null) return schema;
  const node = schema as Record<PropertyKey, unknown>;
  const form = inForm && node.type === 'string' ? formOf(node) : undefined;
  if (form !== undefined) return Type.Refine(Type.String(), form, () => "outside memkit's form") as T; // a form implies its node's rule
  if (node.type === 'string' && node.format === 'date-time' && node.pattern === DATE_TIME_PATTERN) return Type.Refine(Type.String(), isRfc3339DateTime, () => DATE_TIME_MESSAGE) as T;
  if (node.type === 'string' && node.format === undefined && node.pattern === ISO_DATE_TIME_PATTERN) return Type.Refine(Type.String(), isIsoDateTime, () => ISO_DATE_TIME_MESSAGE) as T;
  const out: Record<PropertyKey, unknown> = {};
  for (const key of Reflect.ownKeys(node)) {
    const v = node[key];
    if (key === FORM) continue; // memkit's own annotation: TypeBox and the error walk need not see it
    if (key === 'allOf' && Array.isArray(v) && v.every((x) => typeof x === 'object' && x !== null && 'if' in x)) continue;
    out[key] = compileNode(v, inForm);
  }
  // Unique strings: a Set beats TypeBox's generic structural hashing.
  const items = node.items as Record<string, unknown> | undefined;
  if (node.type === 'array' && node.uniqueItems === true && items !== undefined && (items.type === 'string' || (Array.isArray(items.enum) && items.enum.every((x) => typeof x === 'string')))) {
    delete out.uniqueItems;
    return Type.Refine(
      out as never,
      (a: unknown) => Array.isArray(a) && new Set(a).size === a.length,
      () => UNIQUE_MESSAGE,
    ) as T;
  }
  return out as T;
}

const typeboxValidators = new Map<string, SchemaChecker>();

const inFormValidators = new Map<string, (value: unknown) => number>();

/**
 * Values of a format judged by TypeBox's interpreter before its in-form check is compiled:
 * compiling costs about as much as interpreting a few dozen values, and a check of a small
 * memory sees a handful of each format. Both give the same answer (the compiled check is
 * TypeBox's schema semantics as code); only the leading in-form count is 0 from the interpreter.
 * A wide value (a thread store, a long list) is checked compiled from the first.
 */
const COMPILE_AFTER = 16;

/** The compiled indexed check of an in-form schema: memkit's generated code, else TypeBox's compiled check. */
function compileInForm(schema: unknown): (value: unknown) => number {
  const indexed = compileIndexedCheck(schema);
  if (indexed !== undefined) return indexed;
  const check = compiledCheck(schema);
  return (value) => (check(value) ? -1 : 0);
}

/** The indexed check of a format's {@link inFormSchemaOf}: -1 for a value in form, else how many leading properties are in form (0 when unknown). */
function inFormValidator(def: FormatDef): (value: unknown) => number {
  let v = inFormValidators.get(def.id);
  if (v === undefined) {
    const schema = inFormSchemaOf(def.schema);
    v = tiered(
      COMPILE_AFTER,
      (value) => (interpretedCheck(schema, value) ? -1 : 0),
      () => {
        const compiled = compileInForm(schema);
        // Validators made from now on call the compiled check directly.
        inFormValidators.set(def.id, compiled);
        return compiled;
      },
    );
    inFormValidators.set(def.id, v);
  }
  return v;
}

/** True when a format's schema, in-form and compiled schemas list the same properties in the same order (so an in-form count applies to all three). */
function sameProperties(def: FormatDef): boolean {
  const keys = (schema: unknown) => Object.keys(((schema as { properties?: object }).properties ?? {}) as object).join('\u0000');
  const declared = keys(def.schema);
  return keys(inFormSchemaOf(def.schema)) === declared && keys(compiledSchemaOf(def.schema)) === declared;
}

/** The index of the last of `schema`'s properties holding an ISO 8601 date-time (-1: none; infinity when one can sit elsewhere). */
function lastDateProperty(schema: unknown): number {
  const plan = datePlan(schema);
  if (plan === undefined) return -1;
  if (plan === 'date' || plan.branches.length > 0 || plan.items !== undefined || plan.other !== undefined) return Number.POSITIVE_INFINITY;
  const keys = Object.keys((schema as { properties?: object }).properties ?? {});
  let last = -1;
  for (const key of plan.props.keys()) last = Math.max(last, keys.indexOf(key));
  return last;
}

const schemaValidators = new Map<string, (value: unknown) => boolean>();

/** The compiled check of a format's {@link compiledSchemaOf}: whether a value is schema-valid. */
function schemaValidator(def: FormatDef): (value: unknown) => boolean {
  let v = schemaValidators.get(def.id);
  if (v === undefined) {
    v = compiledCheck(compiledSchemaOf(def.schema));
    schemaValidators.set(def.id, v);
  }
  return v;
}

/** TypeBox's errors of a format (its interpreter's, as a compiled validator's are), for the error walk where memkit's cannot explain a failure. */
function typeboxValidator(def: FormatDef): SchemaChecker {
  let v = typeboxValidators.get(def.id);
  if (v === undefined) {
    v = interpretedChecker(compiledSchemaOf(def.schema));
    typeboxValidators.set(def.id, v);
  }
  return v;
}

/**
 * The compiled check of `schema`, made on its first use: memkit's generated code where it can be evaluated
 * (then called with no checker in between), else TypeBox's (its interpreter until its compiler has loaded;
 * the same answers).
 */
function compiledCheck(schema: unknown): (value: unknown) => boolean {
  let check: ((value: unknown) => boolean) | undefined;
  // A tiered checker's `Check` is a plain closure: it can be called detached.
  return (value) => (check ??= compileCheckCode(schema) ?? tieredChecker(schema, 0).Check)(value);
}

/** Where an {@link ErrorCollector} puts TypeBox-shaped errors, up to `limit` (then `stopped`). */
interface ErrorSink {
  errors: TLocalizedValidationError[];
  limit: number;
  stopped: boolean;
}

/** Collects the errors of `value` at `path` and says whether it is valid; `failed`: known to fail; `from`: the first `from` properties are known valid. */
type ErrorCollector = (value: unknown, path: string, sink: ErrorSink, failed?: boolean, from?: number) => boolean;

/** Keywords that only annotate: they never fail. */
const ANNOTATIONS = new Set<PropertyKey>(['description', 'title', '~kind', '~optional', '~unsafe', '$id', '$schema', 'examples', 'default']);

/** Value keywords checked one by one (each by TypeBox's compiled check of that keyword alone), in TypeBox's order, and their error params. */
const LEAF_KEYWORDS: readonly [string, (node: Record<string, unknown>) => Record<string, unknown>][] = [
  ['contains', () => ({ minContains: 1 })],
  ['minItems', (n) => ({ limit: n.minItems })],
  ['maxItems', (n) => ({ limit: n.maxItems })],
  ['minLength', (n) => ({ limit: n.minLength })],
  ['maxLength', (n) => ({ limit: n.maxLength })],
  ['pattern', (n) => ({ pattern: n.pattern })],
  ['minimum', (n) => ({ comparison: '>=', limit: n.minimum })],
  ['maximum', (n) => ({ comparison: '<=', limit: n.maximum })],
  ['const', (n) => ({ allowedValue: n.const })],
  ['enum', (n) => ({ allowedValues: n.enum })],
];
const STRUCTURAL = new Set<PropertyKey>(['type', 'required', 'properties', 'additionalProperties', 'patternProperties', 'items', 'anyOf', '~refine']);
const LEAF_SET = new Set<PropertyKey>(LEAF_KEYWORDS.map(([k]) => k));

const encodeFragment = (key: string): string => (key.includes('~') || key.includes('/') ? key.replaceAll('~', '~0').replaceAll('/', '~1') : key);

function addError(sink: ErrorSink, keyword: string, schemaPath: string, instancePath: string, params: Record<string, unknown>): false {
  if (sink.errors.length >= sink.limit) {
    sink.stopped = true;
    return false;
  }
  const e = { keyword, schemaPath, instancePath, params } as unknown as TLocalizedValidationError;
  e.message = schemaMessage(e);
  sink.errors.push(e);
  return false;
}

/** {@link compilePropertyScan}'s answer from one compiled check per property: where code cannot be evaluated. */
function checkEach(properties: Record<string, unknown>, required: readonly string[]): (value: object, from: number) => number {
  const gates = Object.entries(properties).map(([key, sub]) => compiledCheck({ properties: { [key]: sub }, ...(required.includes(key) ? { required: [key] } : {}) }));
  return (value, from) => {
    for (let i = from; i < gates.length; i++) if (!gates[i]!(value)) return i;
    return -1;
  };
}

/**
 * The error walk of `schema` compiled once into closures: the same errors, in the same order, as
 * TypeBox's `Errors()`, which interprets the schema afresh for every value. Whether a part is
 * valid is always a compiled check of that part or keyword, so no rule is written twice.
 * `undefined` for a keyword it does not know (then TypeBox's walk is used).
 */
export function compileErrors(schema: unknown, schemaPath = '#'): ErrorCollector | undefined {
  if (!isObject(schema)) return undefined;
  const node = schema;
  for (const key of Reflect.ownKeys(node)) if (!ANNOTATIONS.has(key) && !STRUCTURAL.has(key) && !LEAF_SET.has(key)) return undefined;
  if (Array.isArray(node.items)) return undefined; // tuples: not in memkit's schemas
  const whole = compiledCheck(node);
  const typeCheck = node.type !== undefined ? compiledCheck({ type: node.type }) : undefined;
  const leaves = LEAF_KEYWORDS.filter(([k]) => node[k] !== undefined).map(([k, params]) => ({ keyword: k, check: compiledCheck({ [k]: node[k] }), params: params(node) }));
  const required = Array.isArray(node.required) ? (node.required as string[]).map((key) => ({ key, check: compiledCheck({ required: [key] }) })) : [];
  const requiredAll = required.length > 0 ? compiledCheck({ required: node.required }) : undefined;
  const properties = (node.properties ?? {}) as Record<string, unknown>;
  const props: { key: string; fragment: string; collect: ErrorCollector }[] = [];
  for (const [key, sub] of Object.entries(properties)) {
    const fragment = encodeFragment(key);
    const collect = compileErrors(sub, `${schemaPath}/properties/${fragment}`);
    if (collect === undefined) return undefined;
    props.push({ key, fragment, collect });
  }
  // The index of the first property from `from` on that fails (TypeBox's rule: absent, or optional
  // and undefined, passes), or -1: one compiled scan; without code evaluation, a check per property.
  const requiredKeys = required.map((r) => r.key);
  const scan = compilePropertyScan(properties, requiredKeys) ?? checkEach(properties, requiredKeys);
  const patterns: { regexp: RegExp; collect: ErrorCollector }[] = [];
  for (const [pattern, sub] of Object.entries((node.patternProperties ?? {}) as Record<string, unknown>)) {
    const collect = compileErrors(sub, `${schemaPath}/patternProperties/${encodeFragment(pattern)}`);
    if (collect === undefined) return undefined;
    patterns.push({ regexp: new RegExp(pattern, 'u'), collect });
  }
  let additional: { shell: (v: unknown) => boolean; collect: ErrorCollector | undefined } | undefined;
  if (node.additionalProperties !== undefined) {
    const ap = node.additionalProperties;
    const collect = ap === false ? undefined : compileErrors(ap, `${schemaPath}/additionalProperties`);
    if (ap !== false && collect === undefined) return undefined;
    // Which keys are additional, by TypeBox's own rule: the schema's keys with every value schema made `{}`.
    const empty = (o: unknown) => Object.fromEntries(Object.keys((o ?? {}) as object).map((k) => [k, {}]));
    const shell = compiledCheck({ properties: empty(node.properties), patternProperties: empty(node.patternProperties), additionalProperties: ap });
    additional = { shell, collect };
  }
  const items = node.items !== undefined ? compileErrors(node.items, `${schemaPath}/items`) : undefined;
  if (node.items !== undefined && items === undefined) return undefined;
  const branches: { check: (v: unknown) => boolean; collect: ErrorCollector }[] = [];
  if (Array.isArray(node.anyOf))
    for (const [i, sub] of node.anyOf.entries()) {
      const collect = compileErrors(sub, `${schemaPath}/anyOf/${i}`);
      if (collect === undefined) return undefined;
      branches.push({ check: compiledCheck(sub), collect });
    }
  const refine = (node['~refine'] ?? []) as { check: (v: unknown) => boolean; error: (v: unknown) => string }[];

  return (value, path, sink, failed = false, from = 0) => {
    if (!failed && whole(value)) return true;
    let ok = true;
    if (typeCheck !== undefined && !typeCheck(value)) ok = addError(sink, 'type', schemaPath, path, { type: node.type });
    if (isObject(value)) {
      if (requiredAll !== undefined && !requiredAll(value)) {
        const missing = required.filter((r) => !r.check(value)).map((r) => r.key);
        ok = addError(sink, 'required', schemaPath, path, { requiredProperties: missing });
      }
      if (additional !== undefined && !additional.shell(value)) {
        const failed: string[] = [];
        for (const key of Object.getOwnPropertyNames(value)) {
          if (additional.shell({ [key]: value[key] })) continue;
          if (additional.collect !== undefined) additional.collect(value[key], `${path}/${encodeFragment(key)}`, sink);
          failed.push(key);
        }
        ok = addError(sink, 'additionalProperties', schemaPath, path, { additionalProperties: failed });
      }
      for (const { regexp, collect } of patterns) for (const key of Object.keys(value)) if (regexp.test(key) && !collect(value[key], `${path}/${encodeFragment(key)}`, sink)) ok = false;
      for (let i = scan(value, from); i !== -1; i = scan(value, i + 1)) {
        const p = props[i]!;
        if (p.key in value && !p.collect(value[p.key], `${path}/${p.fragment}`, sink)) ok = false;
      }
    }
    // `contains` comes before `items` in TypeBox's order, the other value keywords after.
    for (const leaf of leaves) if (leaf.keyword === 'contains' && !leaf.check(value)) ok = addError(sink, leaf.keyword, schemaPath, path, leaf.params);
    if (items !== undefined && Array.isArray(value)) for (let i = 0; i < value.length; i++) if (!items(value[i], `${path}/${i}`, sink)) ok = false;
    for (const leaf of leaves) if (leaf.keyword !== 'contains' && !leaf.check(value)) ok = addError(sink, leaf.keyword, schemaPath, path, leaf.params);
    if (branches.length > 0 && !branches.some((b) => b.check(value))) {
      for (const b of branches) b.collect(value, path, sink);
      ok = addError(sink, 'anyOf', schemaPath, path, {});
    }
    if (ok) for (const [index, r] of refine.entries()) if (!r.check(value)) ok = addError(sink, '~refine', schemaPath, path, { index, message: r.error(value) });
    return ok;
  };
}

function compileDef(def: FormatDef, env: CheckEnv, askedMax: number, semantic = true, inFormPass = true): FormatValidator {
  const maxProblems = Math.min(askedMax, MAX_VALUE_PROBLEMS);
  // Compiled on the first value out of memkit's form: a run whose values are all in form never needs it.
  let compiledSchemaCheck: ((value: unknown) => boolean) | undefined;
  const schemaCheck = (value: unknown): boolean => (compiledSchemaCheck ??= schemaValidator(def))(value);
  const check = semantic ? def.check : undefined;
  const validEnv: CheckEnv = { ...env, schemaValid: true };
  const cap = (problems: Problem[], stopped = false): Problem[] => capped(problems, maxProblems, stopped);
  let collector: ErrorCollector | null | undefined; // compiled on the first value out of form; null: TypeBox's walk
  /** The error walk's findings, or `undefined` when it finds nothing (or cannot run): then the schema check decides. */
  const walkErrors = (value: unknown, limit: number, from: number): { errors: TLocalizedValidationError[]; stopped: boolean } | undefined => {
    if (collector === undefined) collector = compileErrors(compiledSchemaOf(def.schema)) ?? null;
    if (collector === null) return undefined;
    const sink: ErrorSink = { errors: [], limit: Math.max(1, limit), stopped: false };
    collector(value, '', sink, true, from); // every part is checked (but the `from` known valid): the walk is the schema check
    return sink.errors.length === 0 ? undefined : { errors: sink.errors, stopped: sink.stopped };
  };
  const slow = (value: unknown, found: { errors: TLocalizedValidationError[]; stopped: boolean }): Problem[] => {
    const { errors, stopped } = found;
    const problems = toProblems(errors);
    // Semantic rules also run on rejected values, so one report shows them all.
    const more = semantic ? runCheck(def.check, value, env) : [];
    if (more.length > 0) {
      const seen = new Set(problems.map((p) => `${p.code}\u0000${p.pointer}`));
      for (const p of more) if (!seen.has(`${p.code}\u0000${p.pointer}`)) problems.push(p);
    }
    if (problems.length === 0) problems.push(error('schema.invalid', `value is not a valid ${def.title}`, { pointer: '' }));
    return cap(problems, stopped);
  };
  // Valid ISO 8601 date-times outside memkit's profile get convention.date-time-profile, unless past the cap
  // (the truncation note stands for them) or every date-time field is among the `inFormCount` leading properties.
  const profiled = (value: unknown, problems: Problem[], inFormCount: number): Problem[] => {
    if (lastDate < inFormCount || !hasOffProfileDate(def.schema, value) || problems.some((p) => p.code === 'problems.truncated')) return problems;
    const more = dateTimeProfileProblems(def.schema, value);
    return more.length === 0 ? problems : cap([...problems, ...more]);
  };
  const inForm = inFormValidator(def);
  const ordered = sameProperties(def);
  const lastDate = lastDateProperty(def.schema);
  const inFormRules = check === undefined ? undefined : def.inFormCheck === undefined ? check : (def.inFormCheck ?? undefined);
  return (value) => {
    try {
      // One compiled pass decides the common case: valid, and every field in memkit's form.
      const inFormCount = inFormPass ? inForm(value) : 0;
      if (inFormCount === -1) return inFormRules === undefined ? [] : cap(inFormRules(value, validEnv));
      // Out of form: the error walk first (a schema check would only say "invalid"); a value it finds nothing
      // wrong with is judged by the schema check, and one that fails it anyway gets TypeBox's walk.
      const limit = maxProblems + ERROR_HEADROOM;
      // The properties the in-form check passed before it failed are valid: the walk skips them.
      const known = ordered ? inFormCount : 0;
      const found = walkErrors(value, limit, known);
      if (found !== undefined) return profiled(value, slow(value, found), known);
      if (schemaCheck(value)) return profiled(value, check === undefined ? [] : cap(check(value, validEnv)), known);
      return profiled(value, slow(value, schemaErrors(typeboxValidator(def), value, limit)), known);
    } catch (cause) {
      // Stack exhaustion on absurdly deep values, or a value (proxy, getter) or injected
      // tokenizer that throws: report it, never rethrow.
      const deep = cause instanceof RangeError;
      return [error(deep ? 'input.too-deep' : 'schema.invalid', `value could not be validated: ${String((cause as Error)?.message ?? cause)}`, { pointer: '' })];
    }
  };
}

const cache = new Map<string, FormatValidator>();

/**
 * Compiles (once per format, lazily) the validator of a format and returns it
 * as a plain function: the fastest way to validate many values of one format.
 * Returns `undefined` for an unknown format id.
 *
 * @example
 * declare const entries: unknown[];
 * const problems: Problem[] = [];
 * const check = compileValidator('decision-log-entry')!;
 * for (const entry of entries) problems.push(...check(entry));
 */
export function compileValidator(formatId: SchemaIdInput, options: ValidateOptions = {}): FormatValidator | undefined {
  const def = getFormat(formatId);
  if (def === undefined) return undefined;
  const defaults = options.countTokens === undefined && options.maxProblems === undefined && options.semantic === undefined;
  if (!defaults) return compileDef(def, { countTokens: options.countTokens ?? defaultCountTokens }, options.maxProblems ?? DEFAULT_MAX_PROBLEMS, options.semantic ?? true);
  let v = cache.get(formatId);
  if (v === undefined) {
    v = compileDef(def, { countTokens: defaultCountTokens }, DEFAULT_MAX_PROBLEMS);
    cache.set(formatId, v);
  }
  return v;
}

/** {@link compileValidator} (default options) without the one-pass check of memkit's forms: the plain path the fast one must agree with, for tests. */
export function compilePlainValidator(formatId: SchemaIdInput): FormatValidator | undefined {
  const def = getFormat(formatId);
  return def === undefined ? undefined : compileDef(def, { countTokens: defaultCountTokens }, DEFAULT_MAX_PROBLEMS, true, false);
}

/** What {@link compileTally}'s function says of a value. */
export interface Tally {
  /** How many problems the value has: 0 when valid; a lower bound when `atLeast`. */
  problems: number;
  /** The worst severity among them (`warning` when there are none). */
  worst: Severity;
  /** True when the value fails its schema: then it has at least `problems` problems, maybe more. */
  atLeast: boolean;
}

/**
 * A cheap judgement for a caller past its problem cap (`ProblemCap.skip`), which counts problems
 * rather than words them: a schema-valid value gets its semantic checks; one that fails the
 * schema counts as at least one error, unexplained. `undefined` for an unknown format id.
 */
export function compileTally(formatId: string): ((value: unknown) => Tally) | undefined {
  const def = getFormat(formatId);
  if (def === undefined) return undefined;
  const schemaCheck = schemaValidator(def);
  const env: CheckEnv = { countTokens: defaultCountTokens, schemaValid: true };
  const failed: Tally = { problems: 1, worst: 'error', atLeast: true };
  const inForm = inFormValidator(def);
  const inFormRules = def.inFormCheck === undefined ? def.check : def.inFormCheck;
  const tally = (problems: Problem[]): Tally => ({ problems: problems.length, worst: problems.some((p) => p.severity === 'error') ? 'error' : 'warning', atLeast: false });
  return (value) => {
    let valid: boolean;
    try {
      if (inForm(value) === -1) return tally(runCheck(inFormRules, value, env));
      valid = schemaCheck(value);
    } catch {
      return failed;
    }
    if (!valid) return failed;
    const problems = runCheck(def.check, value, env);
    if (hasOffProfileDate(def.schema, value)) for (const p of dateTimeProfileProblems(def.schema, value)) problems.push(p);
    return tally(problems);
  };
}

/**
 * Validates `value` against the memkit format `formatId` and returns the
 * problems found (empty when valid). Never throws on bad input.
 *
 * @example
 * validate('wbs-task', { id: '1.2', type: 'task', status: 'done' })
 * // [{ code: 'wbs.type-depth', pointer: '/type', ... }]
 */
export function validate(formatId: SchemaIdInput, value: unknown, options?: ValidateOptions): Problem[] {
  if (options === undefined) {
    const hit = cache.get(formatId);
    if (hit !== undefined) return hit(value);
  }
  const v = compileValidator(formatId, options);
  return v === undefined ? [error('schema.unknown-format', `unknown format "${formatId}"; known: ${formatIds.join(', ')}`)] : v(value);
}

/** Validates and returns the typed value, or the problems. */
export function parseFormat<T = unknown>(formatId: SchemaIdInput, value: unknown, options?: ValidateOptions): Result<T> {
  const problems = validate(formatId, value, options);
  return problems.some((p) => p.severity === 'error') ? fail(problems) : ok(value as T, problems);
}

/** True when the value is valid for the format (schema and semantic checks). */
export function isValid(formatId: SchemaIdInput, value: unknown, options?: ValidateOptions): boolean {
  return validate(formatId, value, options).length === 0;
}
