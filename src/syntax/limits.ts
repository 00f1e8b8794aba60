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
  /** Largest YAML frontmatter block (UTF-16 code units), refused unparsed (`frontmatter.too-large`): YAML costs hundreds of bytes per character of a dense flow list. */
  maxFrontmatterBytes: number;
  /** Most block quote and list markers one Markdown line may open; micromark's work grows with its square, so past it the body is outlined by a line scan (`markdown.too-deep`). */
  maxMarkdownNesting: number;
  /** Most emphasis, link and code delimiter runs one Markdown paragraph may hold; micromark rescans for each, so past it the body is outlined by a line scan (`markdown.too-many-delimiters`). */
  maxMarkdownDelimiters: number;
  /**
   * Most micromark work a Markdown body may need, estimated in characters (containers, setext
   * underlines, lazy lines and delimiter runs each cost a multiple of the text before them);
   * past it the body is outlined by a line scan (`markdown.too-complex`). Ordinary notes need
   * well under a thousandth of it.
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
