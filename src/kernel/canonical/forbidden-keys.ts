/**
 * Keys that could reach an object's prototype if assigned naively. memkit's
 * readers drop them with an `input.forbidden-key` warning, or refuse them
 * (`json.uncovered-key`) where a hash must cover every byte of the text.
 */
export const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);
