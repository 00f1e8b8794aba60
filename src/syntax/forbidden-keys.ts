// One definition, kept with the canonical JSON reader that enforces it; re-exported for the YAML and plain-text parsers.
export { FORBIDDEN_KEYS } from '../kernel/canonical/forbidden-keys.js';
