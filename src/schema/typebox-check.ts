// TypeBox's checks of a schema, in one place: its interpreter (`typebox/schema`, small), and its compiler
// (`typebox/compile`, which brings TypeBox's whole value module), loaded only when a schema has been checked
// often enough for compiling to pay. Both implement one specification and give the same answers; a compiled
// validator's errors are the interpreter's.
import type { TSchema } from 'typebox';
import type { Compile as TypeboxCompile } from 'typebox/compile';
import { Check, Errors } from 'typebox/schema';
import { compileCheckCode } from './check-code.js';

/** Checks and explains values of one schema (TypeBox's validator shape). */
export interface SchemaChecker {
  Check(value: unknown): boolean;
  Errors(value: unknown): readonly unknown[];
}

/** Whether `value` is valid under `schema`, by TypeBox's interpreter. */
export function interpretedCheck(schema: unknown, value: unknown): boolean {
  return Check(schema as TSchema, value);
}

/** TypeBox's localized errors of `value` under `schema` (as `Value.Errors` and a compiled validator give them). */
export function interpretedErrors(schema: unknown, value: unknown): readonly unknown[] {
  return Errors(schema as TSchema, value)[1];
}

let compile: typeof TypeboxCompile | undefined;
let loading: Promise<unknown> | undefined;

/** TypeBox's `Compile` once it has loaded; until then undefined, and the first call starts loading it. */
function compiler(): typeof TypeboxCompile | undefined {
  if (compile === undefined)
    loading ??= import('typebox/compile').then(
      (m) => {
        compile = m.Compile;
      },
      () => {
        // No compiler (a failed chunk load): the interpreter keeps answering; a later call tries again.
        loading = undefined;
      },
    );
  return compile;
}

/** Entries beyond which a value is worth a compiled check even on its first use. */
const WIDE = 64;

/**
 * Whether `value` is wide enough that interpreting its schema costs more than compiling it: more than
 * {@link WIDE} entries at its top level and the level below (a thread store's operations, a long list). The
 * interpreter's pace is for the many small values of a small memory.
 */
export function isWide(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const top = Array.isArray(value) ? value : Object.values(value);
  let n = top.length;
  for (const v of top) {
    if (n > WIDE) break;
    if (typeof v === 'object' && v !== null) n += Array.isArray(v) ? v.length : Object.keys(v).length;
  }
  return n > WIDE;
}

/** Whether TypeBox's compiler has loaded (a checker past its first values then answers with it). */
export function typeboxCompilerLoaded(): boolean {
  return compile !== undefined;
}

/** Loads TypeBox's compiler now (what a checker past its first values starts): for a caller that wants it ready. */
export async function loadTypeboxCompiler(): Promise<void> {
  compiler();
  await loading;
}

/**
 * `interpreted` for the first `after` values (but a {@link isWide} one), then the check `compile` gives; while it
 * gives none (TypeBox's compiler still loading), `interpreted` goes on answering.
 */
export function tiered<T>(after: number, interpreted: (value: unknown) => T, compile: () => ((value: unknown) => T) | undefined): (value: unknown) => T {
  let uses = 0;
  let compiled: ((value: unknown) => T) | undefined;
  return (value) => {
    if (compiled === undefined && (++uses > after || isWide(value))) compiled = compile();
    return compiled === undefined ? interpreted(value) : compiled(value);
  };
}

/**
 * `schema`'s checker: TypeBox's interpreter for its first `after` values, then a compiled check ({@link tiered}):
 * memkit's generated code where it covers the schema, else TypeBox's compiled validator once its compiler has
 * loaded. All three give TypeBox's answers. Errors always come from the interpreter.
 */
export function tieredChecker(schema: unknown, after: number): SchemaChecker {
  let generated: ((value: unknown) => boolean) | null | undefined;
  const compile = (): ((value: unknown) => boolean) | undefined => {
    generated ??= compileCheckCode(schema) ?? null;
    if (generated !== null) return generated;
    const validator = compiler()?.(schema as TSchema);
    return validator === undefined ? undefined : (value) => validator.Check(value);
  };
  return { Check: tiered(after, (value) => interpretedCheck(schema, value), compile), Errors: (value) => interpretedErrors(schema, value) };
}

/** `schema`'s checker by TypeBox's interpreter alone (a value checked once, such as a config file). */
export function interpretedChecker(schema: unknown): SchemaChecker {
  return { Check: (value) => interpretedCheck(schema, value), Errors: (value) => interpretedErrors(schema, value) };
}
