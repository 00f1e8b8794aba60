/**
 * A JSON Schema object whose valid values are `T`: the type memkit's public declarations give
 * its TypeBox schemas, so that a consumer's type-check loads none of TypeBox's declarations
 * (over two million instantiations without `skipLibCheck`). At run time the value is the TypeBox
 * schema; TypeBox's functions accept it (`Value.Check(TaskIndex, x)`), and
 * `Type.Unsafe<TaskIndex>(TaskIndex)` gives it back its TypeBox type for composing.
 *
 * @example
 * import { TaskIndex, type SchemaValue } from 'memkit/schemas';
 * type Index = SchemaValue<typeof TaskIndex>; // the TaskIndex record type
 */
export type TypedSchema<T> = object & { readonly '~memkit.values'?: T };

/** The values a {@link TypedSchema} accepts. */
export type SchemaValue<S> = S extends TypedSchema<infer T> ? T : never;
