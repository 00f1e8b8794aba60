// memkit's form of a field's values, kept on the field's schema: where a seed allows more than
// memkit writes (any-case hex, ISO 8601 date-times, free ids), the form says what memkit writes.
// Internal: not re-exported from memkit/schemas.

/** A predicate true for a string in memkit's form; every string it accepts is valid for its schema node. */
export type Form = (s: string) => boolean;

/**
 * The key of a string schema's {@link Form}. A symbol: JSON never shows it, so
 * the emitted schemas are unchanged, and TypeBox ignores it.
 */
export const FORM: unique symbol = Symbol('memkit.form');

/** `schema` with `form` attached (the same object, for use in `Type.Object` and the like). */
export function withForm<T extends object>(schema: T, form: Form): T {
  return Object.assign(schema, { [FORM]: form });
}

/** The form attached to a schema node, if any. */
export function formOf(node: object): Form | undefined {
  const form = (node as { [FORM]?: unknown })[FORM];
  return typeof form === 'function' ? (form as Form) : undefined;
}
