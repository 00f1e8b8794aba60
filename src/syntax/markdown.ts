import { parse as micromarkParse, postprocess, preprocess } from 'micromark';
import { decodeNamedCharacterReference } from 'decode-named-character-reference';
import { decodeNumericCharacterReference } from 'micromark-util-decode-numeric-character-reference';
import { type Problem, warning } from '../kernel/problems/index.js';
import { type Limits, resolveLimits } from './limits.js';
import type { ParseStats } from './yaml-block.js';

// memkit's one Markdown outline reader (markdownOutline picks the path): a body micromark would be
// slow on (markdownHazard) gets a plain scan of `#` lines (plainHeadings); the plain subset memory
// docs are written in, a line scanner (fastOutline) that gives exactly what micromark gives or
// nothing (test/parse/fast-markdown.test.ts); anything else, micromark (micromarkOutline).

/** A Markdown heading: depth (1–6), plain text, and its 1-based line in the file. */
export interface Heading {
  depth: 1 | 2 | 3 | 4 | 5 | 6;
  text: string;
  line: number;
}

/** The headings and plain text of a Markdown body ({@link markdownOutline}). */
export interface MarkdownOutline {
  /** ATX and setext headings in document order; none from code blocks or HTML. */
  headings: Heading[];
  /** The plain text of the body (markup, URLs and HTML removed), for search. */
  text: string;
  /** Why micromark was skipped (`markdown.too-deep`, `markdown.too-many-delimiters`, `markdown.too-complex`); empty when it ran. */
  problems: Problem[];
}

/** A heading of the fast and the micromark paths, with the offset of its first character in the body. */
interface PathHeading extends Heading {
  offset: number;
}

/** The outline of the fast and the micromark paths: the text's blocks separated by one newline, trimmed. */
interface PathOutline {
  headings: PathHeading[];
  text: string;
}

// micromark's event tuple, typed here so the public types need none of micromark's type packages.
interface MmPoint {
  line: number;
  offset: number;
}
interface MmToken {
  type: string;
  start: MmPoint;
}
interface MmContext {
  sliceSerialize(token: MmToken): string;
}
type MmEvent = [string, MmToken, MmContext];

// Leaf tokens whose source is visible text.
const TEXT_TOKENS = new Set(['data', 'codeFlowValue', 'codeTextData', 'characterEscapeValue', 'autolinkProtocol', 'autolinkEmail']);

/** A character reference (`&amp;`, `&#65;`, `&#x1F600;`) as micromark decodes it; an unknown name stays as written. */
function referenceText(raw: string): string {
  const inner = raw.slice(1, -1);
  if (inner.startsWith('#')) {
    const hex = inner[1] === 'x' || inner[1] === 'X';
    return decodeNumericCharacterReference(inner.slice(hex ? 2 : 1), hex ? 16 : 10);
  }
  const named = decodeNamedCharacterReference(inner);
  return named === false ? raw : named;
}

/** The micromark path, the reference the others agree with; `lineOffset` is added to every line. */
function micromarkOutline(markdown: string, lineOffset = 0): PathOutline {
  const events = postprocess(
    micromarkParse()
      .document()
      .write(preprocess()(markdown, undefined, true)),
  ) as unknown as MmEvent[];
  return { headings: headingsFromEvents(events, lineOffset), text: textFromEvents(events) };
}

function headingsFromEvents(events: MmEvent[], lineOffset: number): PathHeading[] {
  const headings: PathHeading[] = [];
  let inHeading = false;
  let headingText: string[] = [];
  let depth = 0;
  let headingLine = 0;
  let headingOffset = 0;
  for (let i = 0; i < events.length; i++) {
    const ev = events[i]!;
    const token = ev[1];
    const type = token.type;
    if (ev[0] !== 'enter') {
      if (type === 'atxHeading' || type === 'setextHeading') {
        headings.push({ depth: Math.min(6, Math.max(1, depth)) as Heading['depth'], text: headingText.join('').trim(), line: headingLine + lineOffset, offset: headingOffset });
        inHeading = false;
        headingText = [];
      } else if (type === 'atxHeadingText' || type === 'setextHeadingText') {
        inHeading = false;
      }
      continue;
    }
    switch (type) {
      case 'atxHeading':
      case 'setextHeading':
        depth = 0;
        headingLine = token.start.line;
        headingOffset = token.start.offset;
        break;
      case 'atxHeadingSequence':
        if (depth === 0) depth = ev[2].sliceSerialize(token).length;
        break;
      case 'setextHeadingLineSequence':
        depth = ev[2].sliceSerialize(token).charCodeAt(0) === 61 /* = */ ? 1 : 2;
        break;
      case 'atxHeadingText':
      case 'setextHeadingText':
        inHeading = true;
        break;
      default:
        if (!inHeading) break;
        if (type === 'lineEnding') headingText.push(' ');
        else if (type === 'characterReference') headingText.push(referenceText(ev[2].sliceSerialize(token)));
        else if (TEXT_TOKENS.has(type)) headingText.push(ev[2].sliceSerialize(token));
    }
  }
  return headings;
}

/** The plain text among micromark events: markup, URLs and HTML removed, blocks separated by one newline. */
function textFromEvents(events: MmEvent[]): string {
  const text: string[] = [];
  for (let i = 0; i < events.length; i++) {
    const ev = events[i]!;
    if (ev[0] !== 'enter') continue;
    const type = ev[1].type;
    if (type === 'lineEnding' || type === 'lineEndingBlank') text.push('\n');
    else if (type === 'characterReference') text.push(referenceText(ev[2].sliceSerialize(ev[1])));
    else if (TEXT_TOKENS.has(type)) text.push(ev[2].sliceSerialize(ev[1]));
  }
  return text
    .join('')
    .replace(/\n{2,}/g, '\n')
    .trim();
}

/** The Markdown limits {@link markdownHazard} applies. */
type MarkdownLimits = Pick<Limits, 'maxMarkdownNesting' | 'maxMarkdownDelimiters' | 'maxMarkdownWork'>;

const isBlank = (c: number) => c === 32 || c === 9 || c === 13;

/**
 * The warning for the first line of `markdown` that would make micromark's work superlinear
 * (see the Markdown limits), found in one linear pass, or `undefined` when micromark is safe to
 * run. Fenced code is skipped; a paragraph is a run of non-blank lines, which can only over-count.
 */
function markdownHazard(markdown: string, limits: MarkdownLimits, lineOffset = 0): Problem | undefined {
  const len = markdown.length;
  let line = 0;
  let fence = 0; // the fence character while inside fenced code, else 0
  let fenceLength = 0;
  let delimiters = 0;
  let paragraphStart = 0;
  let containerParagraph = false; // the current paragraph has a line with container markers
  // micromark copies its event list when a container opens or closes or a setext underline ends
  // a paragraph, and rescans a paragraph per delimiter and per lazy line: that work, in characters.
  let work = 0;
  for (let start = 0; start <= len; ) {
    let end = markdown.indexOf('\n', start);
    if (end === -1) end = len;
    line++;
    const at = { line: line + lineOffset, column: 1 };
    // Container markers: `>`, bullets and ordered-list numbers, with spaces between.
    let i = start;
    let depth = 0;
    for (;;) {
      while (i < end && (markdown.charCodeAt(i) === 32 || markdown.charCodeAt(i) === 9)) i++;
      const c = markdown.charCodeAt(i);
      if (i < end && c === 62 /* > */) {
        depth++;
        i++;
        continue;
      }
      if ((c === 45 || c === 43 || c === 42) /* - + * */ && (i + 1 === end || isBlank(markdown.charCodeAt(i + 1)))) {
        depth++;
        i++;
        continue;
      }
      let j = i;
      while (j < end && j - i < 9 && markdown.charCodeAt(j) >= 48 && markdown.charCodeAt(j) <= 57) j++;
      const d = markdown.charCodeAt(j);
      if (j > i && (d === 46 || d === 41) /* . ) */ && (j + 1 === end || isBlank(markdown.charCodeAt(j + 1)))) {
        depth++;
        i = j + 1;
        continue;
      }
      break;
    }
    if (depth > limits.maxMarkdownNesting && fence === 0)
      return warning('markdown.too-deep', `this line opens ${depth} block quotes or list items; the limit is ${limits.maxMarkdownNesting}, so headings come from a plain scan of \`#\` lines`, at);
    if (fence === 0) work += depth * start;
    // Fenced code: its content is literal, so it is neither nested nor delimited.
    let run = i;
    const c = markdown.charCodeAt(i);
    if (c === 96 || c === 126 /* ` ~ */) while (run < end && markdown.charCodeAt(run) === c) run++;
    if (fence !== 0) {
      if (c === fence && run - i >= fenceLength) fence = 0;
      start = end + 1;
      continue;
    }
    if (run - i >= 3) {
      fence = c;
      fenceLength = run - i;
      delimiters = 0;
      start = end + 1;
      continue;
    }
    let blank = true;
    let underline = c === 61 || c === 45; // only `=` or only `-`, then blanks
    for (let k = i; k < end; k++) {
      const ch = markdown.charCodeAt(k);
      if (!isBlank(ch)) blank = false;
      if (ch !== c && !isBlank(ch)) underline = false;
      // A run of `*`, `_` or backticks counts once; each bracket counts.
      if (ch === 91 || ch === 93 || ((ch === 42 || ch === 95 || ch === 96) && (k === i || markdown.charCodeAt(k - 1) !== ch))) delimiters++;
    }
    if (blank || end === len) work += delimiters * (end - paragraphStart);
    if (!blank && start > paragraphStart) {
      if (underline)
        work += 4 * start; // measured: about four times a container line's cost
      else if (depth === 0 && containerParagraph) work += start - paragraphStart;
    }
    if (depth > 0) containerParagraph = true;
    if (work > limits.maxMarkdownWork)
      return warning('markdown.too-complex', `the Markdown body would cost more than ${limits.maxMarkdownWork} units of parsing work by here, so headings come from a plain scan of \`#\` lines`, at);
    if (blank) {
      delimiters = 0;
      paragraphStart = end + 1;
      containerParagraph = false;
    } else if (delimiters > limits.maxMarkdownDelimiters)
      return warning(
        'markdown.too-many-delimiters',
        `this paragraph holds more than ${limits.maxMarkdownDelimiters} emphasis, link or code delimiters, so headings come from a plain scan of \`#\` lines`,
        at,
      );
    start = end + 1;
  }
  return undefined;
}

/** ATX headings by a plain line scan, skipping fenced code and block quote markers: the outline of a body {@link markdownHazard} refuses. */
function plainHeadings(markdown: string, lineOffset = 0): Heading[] {
  // Character scans only, no backtracking regular expressions: this runs on hostile input.
  const headings: Heading[] = [];
  let fence = 0;
  let fenceLength = 0;
  let line = lineOffset;
  for (let start = 0; start <= markdown.length; ) {
    let end = markdown.indexOf('\n', start);
    if (end === -1) end = markdown.length;
    line++;
    let i = start;
    for (;;) {
      let k = i;
      while (k < end && (markdown.charCodeAt(k) === 32 || markdown.charCodeAt(k) === 9)) k++;
      if (k < end && markdown.charCodeAt(k) === 62 /* > */) i = k + 1;
      else break;
    }
    for (let n = 0; n < 3 && markdown.charCodeAt(i) === 32; n++) i++;
    const c = markdown.charCodeAt(i);
    let run = i;
    if (c === 96 || c === 126 /* ` ~ */) while (run < end && markdown.charCodeAt(run) === c) run++;
    if (fence !== 0 || run - i >= 3) {
      if (fence === 0) [fence, fenceLength] = [c, run - i];
      else if (c === fence && run - i >= fenceLength) fence = 0;
      start = end + 1;
      continue;
    }
    let hashes = i;
    while (hashes < end && hashes - i < 7 && markdown.charCodeAt(hashes) === 35 /* # */) hashes++;
    const depth = hashes - i;
    if (depth >= 1 && depth <= 6 && (hashes === end || isBlank(markdown.charCodeAt(hashes)))) {
      const [from, to] = atxSpan(markdown, hashes, end);
      headings.push({ depth: depth as Heading['depth'], text: markdown.slice(from, to), line });
    }
    start = end + 1;
  }
  return headings;
}

/** The text of an ATX heading whose `#`s end at `hashes`: blanks trimmed, and a closing `#` sequence after a space or tab (or alone) dropped. */
function atxSpan(s: string, hashes: number, end: number): [number, number] {
  let from = hashes;
  let to = end;
  while (from < to && isBlank(s.charCodeAt(from))) from++;
  while (to > from && isBlank(s.charCodeAt(to - 1))) to--;
  let close = to;
  while (close > from && s.charCodeAt(close - 1) === 35) close--;
  if (close < to && (close === from || s.charCodeAt(close - 1) === 32 || s.charCodeAt(close - 1) === 9)) {
    to = close;
    while (to > from && isBlank(s.charCodeAt(to - 1))) to--;
  }
  return [from, to];
}

/**
 * The headings and plain text of `markdown`, as micromark gives them; `lineOffset` is added to
 * the 1-based lines (for the body of a larger file). micromark runs (counted in
 * `stats.markdownParses`) only for a body outside the plain subset a line scan reads. For input
 * micromark would be slow on (see the Markdown limits) the headings come from a scan of `#`
 * lines, the text is the Markdown as written and `problems` holds the warning. Never throws.
 *
 * @example markdownOutline('# Title\n\nText\n').headings // [{ depth: 1, text: 'Title', line: 1 }]
 */
export function markdownOutline(markdown: string, lineOffset = 0, limits?: Partial<Limits>, stats?: ParseStats): MarkdownOutline {
  const hazard = markdownHazard(markdown, resolveLimits(limits), lineOffset);
  if (hazard !== undefined) return { headings: plainHeadings(markdown, lineOffset), text: markdown.trim(), problems: [hazard] };
  let read = fastOutline(markdown, lineOffset);
  if (read === undefined) {
    if (stats) stats.markdownParses++;
    try {
      read = micromarkOutline(markdown, lineOffset);
    } catch {
      read = { headings: [], text: '' };
    }
  }
  return { headings: read.headings.map(({ depth, text, line }) => ({ depth, text, line })), text: read.text, problems: [] };
}

/** The reader's paths, for its own tests. @internal */
export const outlinePaths = { hazard: markdownHazard, plain: plainHeadings, fast: fastOutline, micromark: micromarkOutline } as const;

// The fast path reads ATX headings, paragraphs, lists nested once, one-level block quotes, fenced
// code and thematic breaks, with code spans, plain links and simple emphasis; on anything else
// (indentation, nested quotes, most HTML, images, reference links, tabs, CR) it gives up.

const isDigit = (c: number) => c >= 48 && c <= 57;
const isAlnum = (c: number) => isDigit(c) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);

// The characters inlineText interprets; a line without any is its own text.
const MARKUP_CHAR = /[\\&<\]![*_`]/;
const isAsciiPunctuation = (c: number) => (c >= 33 && c <= 47) || (c >= 58 && c <= 64) || (c >= 91 && c <= 96) || (c >= 123 && c <= 126);
// A character reference's syntax (whether a name is known is referenceText's business).
const REFERENCE = /^&(?:[A-Za-z][A-Za-z0-9]{0,30}|#[0-9]{1,7}|#[xX][0-9A-Fa-f]{1,6});/;

// Characters allowed in a link's text and destination (no markup, escapes or references).
const isLabelChar = (c: number) => c >= 32 && c < 127 && !'[]*`<>&\\!_()'.includes(String.fromCharCode(c));
const isUrlChar = (c: number) => isAlnum(c) || '/:.#?=%+~-'.includes(String.fromCharCode(c));
// Where a `*` run may open emphasis (and only open it), and close it (and only close it).
const opensAfter = (c: number) => c === 32 || c === 40; /* space ( */
const closesBefore = (c: number) => Number.isNaN(c) || c === 32 || '.,;:!?)'.includes(String.fromCharCode(c));

// Inline text of [from, to) as micromark gives it, or undefined for markup other than one-line
// code spans, plain `[text](url)` links and `*`/`**` emphasis whose delimiters can only open or
// only close, in pairs on the line.
function inlineText(s: string, from: number, to: number): string | undefined {
  const line = s.slice(from, to);
  if (!MARKUP_CHAR.test(line)) return line; // most lines: nothing to interpret
  let out = '';
  let chunk = from;
  let open = 0; // length of the open emphasis run, else 0
  for (let i = from; i < to; i++) {
    const c = s.charCodeAt(i);
    switch (c) {
      case 92: {
        // \ before ASCII punctuation escapes it; at the end of a line it is a hard break.
        if (i + 1 >= to) return undefined;
        const e = s.charCodeAt(i + 1);
        if (isAsciiPunctuation(e)) {
          out += s.slice(chunk, i);
          chunk = i + 1;
          i++;
        }
        break;
      }
      case 38: {
        // &name; &#123; &#x1F; as micromark decodes them; a lone & is text.
        const m = REFERENCE.exec(s.slice(i, Math.min(to, i + 34)));
        if (m !== null) {
          out += s.slice(chunk, i) + referenceText(m[0]);
          i += m[0].length - 1;
          chunk = i + 1;
        }
        break;
      }
      case 60: // <
      case 93: // ]
        return undefined;
      case 33: // ! before [ is an image
        if (s.charCodeAt(i + 1) === 91) return undefined;
        break;
      case 42: {
        let run = i;
        while (run < to && s.charCodeAt(run) === 42) run++;
        const n = run - i;
        const before = i > from ? s.charCodeAt(i - 1) : 32;
        const after = run < to ? s.charCodeAt(run) : Number.NaN;
        if (n > 2) return undefined;
        if (open === 0 && opensAfter(before) && isAlnum(after)) open = n;
        else if (open === n && isAlnum(before) && closesBefore(after)) open = 0;
        else return undefined;
        out += s.slice(chunk, i);
        i = run - 1;
        chunk = run;
        break;
      }
      case 91: {
        // [text](url): micromark's text is the link text followed by the URL.
        let k = i + 1;
        while (k < to && isLabelChar(s.charCodeAt(k))) k++;
        if (k === i + 1 || s.charCodeAt(k) !== 93 || s.charCodeAt(k + 1) !== 40 || s.charCodeAt(i + 1) === 32 || s.charCodeAt(k - 1) === 32) return undefined;
        let u = k + 2;
        while (u < to && isUrlChar(s.charCodeAt(u))) u++;
        if (u === k + 2 || u >= to || s.charCodeAt(u) !== 41) return undefined;
        out += s.slice(chunk, i) + s.slice(i + 1, k) + s.slice(k + 2, u);
        i = u;
        chunk = u + 1;
        break;
      }
      case 95: // _ is literal only inside a word (it can then neither open nor close emphasis)
        if (!(i > from && isAlnum(s.charCodeAt(i - 1)))) return undefined;
        while (i + 1 < to && s.charCodeAt(i + 1) === 95) i++;
        if (!(i + 1 < to && isAlnum(s.charCodeAt(i + 1)))) return undefined;
        break;
      case 96: {
        // `code`: single backticks, content without surrounding spaces (no padding rule).
        const close = s.indexOf('`', i + 1);
        if (close === -1 || close >= to || close === i + 1 || s.charCodeAt(i + 1) === 96 || s.charCodeAt(close + 1) === 96) return undefined;
        if (s.charCodeAt(i + 1) === 32 || s.charCodeAt(close - 1) === 32) return undefined;
        out += s.slice(chunk, i) + s.slice(i + 1, close);
        i = close;
        chunk = close + 1;
        break;
      }
    }
  }
  return open === 0 ? out + s.slice(chunk, to) : undefined;
}

// Length of an ordered-list marker (`1.` / `12)`) at i, or 0.
function orderedMarker(s: string, i: number, end: number): number {
  let j = i;
  while (j < end && j - i < 10 && isDigit(s.charCodeAt(j))) j++;
  const d = s.charCodeAt(j);
  return j > i && j - i <= 9 && (d === 46 || d === 41) && (j + 1 === end || s.charCodeAt(j + 1) === 32) ? j + 1 - i : 0;
}

// The tag names that open an HTML block ending at the next blank line (CommonMark's sixth kind).
const HTML_BLOCK_NAMES = new Set(
  `address article aside base basefont blockquote body caption center col colgroup dd details
  dialog dir div dl dt fieldset figcaption figure footer form frame frameset h1 h2 h3 h4 h5 h6
  head header hr html iframe legend li link main menu menuitem nav noframes ol optgroup option
  p param search section summary table tbody td tfoot th thead title tr track ul`.split(/\s+/),
);

// True when the line at `start` opens such a block: `<name` or `</name` (any case), then a
// space, `>`, `/>` or the end of the line. It may interrupt a paragraph, and its lines are no text.
function opensHtmlBlock(s: string, start: number, end: number): boolean {
  let i = start + 1;
  if (s.charCodeAt(i) === 47 /* / */) i++;
  let j = i;
  while (j < end && (isAlnum(s.charCodeAt(j)) || s.charCodeAt(j) === 45)) j++;
  if (j === i || isDigit(s.charCodeAt(i)) || !HTML_BLOCK_NAMES.has(s.slice(i, j).toLowerCase())) return false;
  const d = s.charCodeAt(j);
  return j === end || d === 32 || d === 62 || (d === 47 && s.charCodeAt(j + 1) === 62);
}

// Characters that may start a block construct (or indentation) at the start of a line.
const BLOCK_START = new Set([32, 35, 62, 45, 42, 43, 95, 61, 60, 96, 126] /* space # > - * + _ = < ` ~ */);

/** The fast path: what {@link micromarkOutline} gives, or `undefined` outside the plain subset. Linear in the text. */
function fastOutline(markdown: string, lineOffset = 0): PathOutline | undefined {
  const len = markdown.length;
  // Refused anywhere: tabs (column arithmetic), CR (line endings), NUL (replaced by micromark).
  if (/[\t\r\0]/.test(markdown)) return undefined;
  const headings: PathHeading[] = [];
  const text: string[] = [];
  let line = lineOffset;
  let fence = 0; // fence character while inside fenced code
  let fenceLength = 0;
  let html = false; // inside an HTML block that ends at a blank line
  let paragraph = false; // the previous line was paragraph text (a list item's or not)
  let ordered = 0; // the delimiter of the ordered list item on the previous line, else 0
  let bullet = false; // the previous line was a bullet list item (at column 1 or nested once)
  // Lines of the open paragraph when it is a plain one at the top level (-1: a list item's or
  // quote's), and where its last line starts and what its text is: a setext underline needs them.
  let plainLines = 0;
  let lastStart = 0;
  let lastText = '';
  // A line that ends every open block (blank, setext underline, one-line comment) adds no text.
  const closeBlock = () => {
    paragraph = false;
    ordered = 0;
    bullet = false;
    plainLines = 0;
    text.push('\n');
  };
  for (let start = 0; start < len; ) {
    let end = markdown.indexOf('\n', start);
    if (end === -1) end = len;
    line++;
    const next = end + 1;
    const c = markdown.charCodeAt(start);
    if (fence !== 0) {
      let run = start;
      while (run < end && markdown.charCodeAt(run) === fence) run++;
      if (run === end && run - start >= fenceLength) fence = 0;
      else {
        // A closing fence may be indented or followed by spaces: not handled here.
        let k = start;
        while (k < end && k - start < 4 && markdown.charCodeAt(k) === 32) k++;
        let r = k;
        while (r < end && markdown.charCodeAt(r) === fence) r++;
        if (r - k >= fenceLength) return undefined;
        if (end > start) text.push(markdown.slice(start, end));
      }
      text.push('\n');
      start = next;
      continue;
    }
    if (html) {
      // The block ends at a blank line (which falls through); a line of spaces is blank too,
      // and left to micromark as it is outside HTML.
      let k = start;
      while (k < end && markdown.charCodeAt(k) === 32) k++;
      if (k === end && end > start) return undefined;
      if (end > start) {
        text.push('\n');
        start = next;
        continue;
      }
      html = false;
    }
    if (end === start) {
      // blank line
      closeBlock();
      start = next;
      continue;
    }
    if (markdown.charCodeAt(end - 1) === 32) return undefined; // trailing spaces: hard breaks, padding
    if ((c === 61 || c === 45) /* = - */ && paragraph) {
      let run = start;
      while (run < end && markdown.charCodeAt(run) === c) run++;
      if (run === end) {
        // A setext underline: only under a one-line plain paragraph is the heading certain here.
        if (plainLines !== 1) return undefined;
        headings.push({ depth: c === 61 ? 1 : 2, text: lastText.trim(), line: line - 1, offset: lastStart });
        closeBlock();
        start = next;
        continue;
      }
    }
    if (c === 60 && opensHtmlBlock(markdown, start, end)) {
      closeBlock();
      html = true;
      start = next;
      continue;
    }
    if (c === 60 && markdown.startsWith('<!--', start)) {
      // A one-line HTML comment: a block of its own, and no text.
      if (markdown.indexOf('-->', start + 4) + 3 !== end) return undefined;
      closeBlock();
      start = next;
      continue;
    }
    let contentStart = start; // where paragraph text starts on this line
    let itemDelimiter = 0;
    let isBullet = false;
    if (c === 35 /* # */) {
      let hashes = start;
      while (hashes < end && markdown.charCodeAt(hashes) === 35) hashes++;
      const depth = hashes - start;
      if (depth > 6 || (hashes < end && markdown.charCodeAt(hashes) !== 32)) return undefined;
      const [from, to] = atxSpan(markdown, hashes, end);
      const t = inlineText(markdown, from, to);
      if (t === undefined) return undefined;
      // headingsFromEvents trims with String#trim, which also drops Unicode spaces.
      headings.push({ depth: depth as Heading['depth'], text: t.trim(), line, offset: start });
      text.push(t, '\n');
      paragraph = false;
      ordered = 0;
      bullet = false;
      start = next;
      continue;
    }
    if (c === 96 || c === 126 /* ` ~ */) {
      let run = start;
      while (run < end && markdown.charCodeAt(run) === c) run++;
      if (run - start < 3) return undefined;
      // The info string is text to micromark; one word without escapes or references is taken as is.
      for (let k = run; k < end; k++) {
        const d = markdown.charCodeAt(k);
        if (d === 32 || d === 92 || d === 38 || d === c) return undefined;
      }
      fence = c;
      fenceLength = run - start;
      paragraph = false;
      ordered = 0;
      bullet = false;
      text.push(markdown.slice(run, end), '\n');
      start = next;
      continue;
    }
    if (c === 45 || c === 42 || c === 43 || c === 95 /* - * + _ */) {
      let run = start;
      while (run < end && markdown.charCodeAt(run) === c) run++;
      if (run === end && run - start >= 3 && c !== 43) {
        // A thematic break, unless it could underline a paragraph (setext) or continue one.
        if (paragraph) return undefined;
        text.push('\n');
        ordered = 0;
        bullet = false;
        start = next;
        continue;
      }
      if (c === 95 || markdown.charCodeAt(start + 1) !== 32) return undefined;
      contentStart = start + 2;
      isBullet = true;
    } else if (c === 62 /* > */) {
      // `> text`: a paragraph in a block quote; its text is the text after the marker.
      if (markdown.charCodeAt(start + 1) !== 32) return undefined;
      contentStart = start + 2;
    } else if (c === 32) {
      // `  - x` right under a bullet item is an item of a list nested in it (content column 2).
      const m = markdown.charCodeAt(start + 2);
      if (!bullet || markdown.charCodeAt(start + 1) !== 32 || !(m === 45 || m === 42 || m === 43) || markdown.charCodeAt(start + 3) !== 32) return undefined;
      contentStart = start + 4;
      isBullet = true;
    } else if (isDigit(c)) {
      const m = orderedMarker(markdown, start, end);
      if (m > 0) {
        itemDelimiter = markdown.charCodeAt(start + m - 1);
        // Only a list starting at 1 may interrupt a paragraph; otherwise the line continues it.
        const one = m === 2 && c === 49;
        if (paragraph && !one && ordered !== itemDelimiter) return undefined;
        contentStart = start + m + 1;
      }
    } else if (BLOCK_START.has(c)) return undefined;
    if (contentStart >= end) return undefined; // an empty list item
    if (contentStart !== start) {
      // A list item's or quote's content must itself be a plain paragraph line.
      const d = markdown.charCodeAt(contentStart);
      if (BLOCK_START.has(d) || (isDigit(d) && orderedMarker(markdown, contentStart, end) > 0)) return undefined;
    }
    const t = inlineText(markdown, contentStart, end);
    if (t === undefined) return undefined;
    text.push(t, '\n');
    if (contentStart !== start) plainLines = -1;
    else plainLines = !paragraph ? 1 : plainLines > 0 ? plainLines + 1 : -1;
    lastStart = start;
    lastText = t;
    paragraph = true;
    ordered = itemDelimiter;
    bullet = isBullet;
    start = next;
  }
  return {
    headings,
    text: text
      .join('')
      .replace(/\n{2,}/g, '\n')
      .trim(),
  };
}
