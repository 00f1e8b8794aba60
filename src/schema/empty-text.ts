// memkit's reading of the strings a seed types only as `string` (an agent id, a rationale, a
// title): '' is valid, since a `string` allows it, but memkit reads such a field as text, so an
// empty one is a convention warning. One rule for every format: `convention.empty-string` here,
// `threads.empty-string` in a thread store. Internal: not exported from `memkit/schemas`.
import { type Problem, joinPointer, warning } from '../kernel/problems/index.js';
import { formOf } from './form.js';

/** memkit's form of a text field: not empty. */
export const hasText = (s: string): boolean => s !== '';

/** Where the text fields sit below a schema node: its own text properties, and the nodes below its properties and items. */
interface TextPlan {
  texts: string[];
  props: [string, TextPlan][];
  items: TextPlan | undefined;
}

function planOf(schema: unknown, depth = 0): TextPlan | undefined {
  if (typeof schema !== 'object' || schema === null || depth > 16) return undefined;
  const node = schema as { properties?: Record<string, unknown>; items?: unknown };
  const plan: TextPlan = { texts: [], props: [], items: planOf(node.items, depth + 1) };
  for (const [key, sub] of Object.entries(node.properties ?? {})) {
    if (typeof sub === 'object' && sub !== null && formOf(sub) === hasText) plan.texts.push(key);
    else {
      const below = planOf(sub, depth + 1);
      if (below !== undefined) plan.props.push([key, below]);
    }
  }
  return plan.texts.length > 0 || plan.props.length > 0 || plan.items !== undefined ? plan : undefined;
}

function walk(plan: TextPlan, value: unknown, pointer: string, out: Problem[]): void {
  if (Array.isArray(value)) {
    if (plan.items !== undefined) for (let i = 0; i < value.length; i++) walk(plan.items, value[i], joinPointer(pointer, String(i)), out);
    return;
  }
  if (typeof value !== 'object' || value === null) return;
  const o = value as Record<string, unknown>;
  for (const key of plan.texts)
    if (Object.hasOwn(o, key) && o[key] === '') out.push(warning('convention.empty-string', `${key} is empty; memkit reads it as text`, { pointer: joinPointer(pointer, key) }));
  for (const [key, below] of plan.props) if (Object.hasOwn(o, key)) walk(below, o[key], joinPointer(pointer, key), out);
}

/**
 * The `convention.empty-string` check of a format's schema: a warning for each field made with
 * `Text` (a string the seed types only as `string`) that holds ''; `undefined` when it has none.
 */
export function emptyTextConventions(schema: unknown): ((value: unknown) => Problem[]) | undefined {
  const plan = planOf(schema);
  if (plan === undefined) return undefined;
  return (value) => {
    const out: Problem[] = [];
    walk(plan, value, '', out);
    return out;
  };
}
