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
  /**
   * Largest YAML frontmatter block (UTF-16 code units between the `---` lines). A memory doc's
   * frontmatter is small metadata; YAML parsing costs hundreds of bytes of memory per
   * character of a dense flow list, so a larger block is refused (`frontmatter.too-large`)
   * before it is parsed.
   */
  maxFrontmatterBytes: number;
  /**
   * Most block quote and list markers (`>`, `-`, `+`, `*`, `1.`) one Markdown line may open.
   * micromark's work grows with the square of this count, so a deeper line makes memkit skip
   * micromark for that body (`markdown.too-deep`, a warning) and outline it with a linear
   * line scan instead.
   */
  maxMarkdownNesting: number;
  /**
   * Most emphasis, link and code delimiter runs (`*`, `_`, `[`, `]`, backticks) one Markdown
   * paragraph (a run of non-blank lines) may hold. micromark matches them with backward
   * scans, so more make memkit skip micromark for that body (`markdown.too-many-delimiters`,
   * a warning) and outline it with a linear line scan instead.
   */
  maxMarkdownDelimiters: number;
  /**
   * Most parsing work a Markdown body may need, estimated in characters: each line opening
   * block quote or list markers costs the length of the body before it times their number
   * (micromark copies its whole event list when containers open and close), a setext
   * underline four times that length, a lazy line of a quoted or listed paragraph the length
   * of that paragraph so far, and each paragraph its length times its delimiter runs. A body estimated above this makes
   * memkit skip micromark for it (`markdown.too-complex`, a warning) and outline it with a
   * linear line scan instead. Ordinary notes need well under a thousandth of it.
   */
  maxMarkdownWork: number;
}

/**
 * The defaults: 16 MiB files, 1 MiB lines, 100 YAML aliases, YAML nested 64
 * deep, 100,000 table rows, 256 KiB of frontmatter, 32 container markers on a
 * Markdown line, 1,000 inline delimiter runs in a Markdown paragraph, 50
 * million units of estimated Markdown work.
 */
export const DEFAULT_LIMITS: Readonly<Limits> = Object.freeze({
  maxFileBytes: 16 * 1024 * 1024,
  maxLineLength: 1024 * 1024,
  maxYamlAliases: 100,
  maxYamlDepth: 64,
  maxTableRows: 100_000,
  maxFrontmatterBytes: 256 * 1024,
  maxMarkdownNesting: 32,
  maxMarkdownDelimiters: 1000,
  maxMarkdownWork: 50_000_000,
});

/** Fills the limits a caller left out with the defaults. */
export function resolveLimits(limits?: Partial<Limits>): Limits {
  if (limits === undefined) return DEFAULT_LIMITS as Limits;
  return { ...DEFAULT_LIMITS, ...limits };
}
