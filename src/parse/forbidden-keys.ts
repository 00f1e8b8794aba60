/** Keys that could reach an object's prototype if assigned naively; memkit parsers drop them with an `input.forbidden-key` warning. */
export const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);
