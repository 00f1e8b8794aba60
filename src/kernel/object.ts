/** A JSON object as read, before any schema says what it holds. */
export type Loose = Record<string, unknown>;

/** True for a plain JSON object (not `null`, not an array). */
export const isObject = (v: unknown): v is Loose => v !== null && typeof v === 'object' && !Array.isArray(v);
