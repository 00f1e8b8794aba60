/**
 * Limits that keep the parsers safe on hostile input. Every parser takes a
 * `limits` option with any subset of these; the rest come from
 * {@link DEFAULT_LIMITS}.
 */
export interface Limits {
  /** Largest input accepted (UTF-16 code units for strings, which never exceeds their UTF-8 byte count). */
  maxFileBytes: number;
  /** Longest line accepted by the line-oriented parsers (JSON Lines, `.md` ledgers): UTF-16 code units for text, bytes for byte input. */
  maxLineLength: number;
  /** Most alias expansions a YAML document may need (the `yaml` library's `maxAliasCount`). */
  maxYamlAliases: number;
  /** Deepest nesting of YAML collections. */
  maxYamlDepth: number;
  /** Most rows a Markdown table may have. */
  maxTableRows: number;
}

/**
 * The defaults: 16 MiB files, 1 MiB lines, 100 YAML aliases, YAML nested 64
 * deep, 100,000 table rows.
 */
export const DEFAULT_LIMITS: Readonly<Limits> = Object.freeze({
  maxFileBytes: 16 * 1024 * 1024,
  maxLineLength: 1024 * 1024,
  maxYamlAliases: 100,
  maxYamlDepth: 64,
  maxTableRows: 100_000,
});

/** Fills the limits a caller left out with the defaults. */
export function resolveLimits(limits?: Partial<Limits>): Limits {
  if (limits === undefined) return DEFAULT_LIMITS as Limits;
  return { ...DEFAULT_LIMITS, ...limits };
}
