import { parse as micromarkParse, postprocess, preprocess } from 'micromark';
import { decodeNamedCharacterReference } from 'decode-named-character-reference';
import { decodeNumericCharacterReference } from 'micromark-util-decode-numeric-character-reference';
import { type Problem, warning } from '../problems/index.js';
import { fastOutline } from './fast-markdown.js';
import { type Limits, resolveLimits } from './limits.js';

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
  /** Why micromark was skipped (`markdown.too-deep`, `markdown.too-many-delimiters`); empty when it ran. */
  problems: Problem[];
}

// micromark's event tuple, typed locally so the public types do not depend on
// micromark's transitive type packages.
interface MmPoint {
  line: number;
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

/**
 * A character reference (`&amp;`, `&#65;`, `&#x1F600;`) as micromark decodes it (CommonMark):
 * every HTML named reference, and numeric ones with control characters, surrogates and
 * out-of-range values made U+FFFD; an unknown name stays as written.
 */
export function referenceText(raw: string): string {
  // raw is "&name;", "&#123;" or "&#x1F;"
  const inner = raw.slice(1, -1);
  if (inner.startsWith('#')) {
    const hex = inner[1] === 'x' || inner[1] === 'X';
    return decodeNumericCharacterReference(inner.slice(hex ? 2 : 1), hex ? 16 : 10);
  }
  const named = decodeNamedCharacterReference(inner);
  return named === false ? raw : named;
}

/** micromark's events for `markdown` (opaque; pass to {@link headingsFromEvents} / {@link textFromEvents}). */
export type MarkdownEvents = readonly unknown[];

/** Runs micromark over `markdown` and returns its events. */
export function markdownEvents(markdown: string): MarkdownEvents {
  return postprocess(
    micromarkParse()
      .document()
      .write(preprocess()(markdown, undefined, true)),
  ) as unknown as MarkdownEvents;
}

/** The ATX and setext headings among micromark events; `lineOffset` is added to every line. */
export function headingsFromEvents(markdownEventList: MarkdownEvents, lineOffset = 0): Heading[] {
  const events = markdownEventList as MmEvent[];
  const headings: Heading[] = [];
  let inHeading = false;
  let headingText: string[] = [];
  let depth = 0;
  let headingLine = 0;
  for (let i = 0; i < events.length; i++) {
    const ev = events[i]!;
    const token = ev[1];
    const type = token.type;
    if (ev[0] !== 'enter') {
      if (type === 'atxHeading' || type === 'setextHeading') {
        headings.push({ depth: Math.min(6, Math.max(1, depth)) as Heading['depth'], text: headingText.join('').trim(), line: headingLine + lineOffset });
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
export function textFromEvents(markdownEventList: MarkdownEvents): string {
  const events = markdownEventList as MmEvent[];
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
export type MarkdownLimits = Pick<Limits, 'maxMarkdownNesting' | 'maxMarkdownDelimiters' | 'maxMarkdownWork'>;

const isBlank = (c: number) => c === 32 || c === 9 || c === 13;

/**
 * Finds, in one linear pass, the first line of `markdown` that would make
 * micromark's work superlinear: a line opening more block quote or list
 * markers than `maxMarkdownNesting` (`markdown.too-deep`), or a paragraph
 * holding more emphasis, link and code delimiter runs than
 * `maxMarkdownDelimiters` (`markdown.too-many-delimiters`), or the line where
 * the estimate of micromark's whole-body work passes `maxMarkdownWork`
 * (`markdown.too-complex`). Fenced code is skipped; a paragraph is
 * approximated by a run of non-blank lines, which can only over-count.
 * Returns a warning positioned at that line (plus `lineOffset`), or
 * `undefined` when micromark is safe to run.
 */
export function markdownHazard(markdown: string, limits: MarkdownLimits, lineOffset = 0): Problem | undefined {
  const len = markdown.length;
  let line = 0;
  let fence = 0; // the fence character while inside fenced code, else 0
  let fenceLength = 0;
  let delimiters = 0;
  let paragraphStart = 0;
  let containerParagraph = false; // the current paragraph has a line with container markers
  // micromark copies its whole event list each time a block quote or list item opens or
  // closes or a setext underline ends a paragraph, rescans a paragraph for each delimiter
  // and for each lazy line of a container: estimate that work in characters.
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

/**
 * ATX headings (`#` to `######`) found by a plain line scan, skipping fenced
 * code: the linear fallback used when {@link markdownHazard} finds a body
 * micromark would be slow on. Block quote markers before the `#` are allowed;
 * setext headings and inline markup are not interpreted.
 */
export function plainHeadings(markdown: string, lineOffset = 0): Heading[] {
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
      // Trim, then drop a closing `#` sequence that follows a space (or is all there is).
      let from = hashes;
      let to = end;
      while (from < to && isBlank(markdown.charCodeAt(from))) from++;
      while (to > from && isBlank(markdown.charCodeAt(to - 1))) to--;
      let close = to;
      while (close > from && markdown.charCodeAt(close - 1) === 35) close--;
      if (close < to && (close === from || markdown.charCodeAt(close - 1) === 32 || markdown.charCodeAt(close - 1) === 9)) {
        to = close;
        while (to > from && isBlank(markdown.charCodeAt(to - 1))) to--;
      }
      headings.push({ depth: depth as Heading['depth'], text: markdown.slice(from, to), line });
    }
    start = end + 1;
  }
  return headings;
}

/**
 * The headings and plain text of `markdown`, as micromark's events give
 * them. `lineOffset` is added to the 1-based lines so headings carry file
 * lines when `markdown` is the body of a larger file. A body in the plain
 * subset memory docs are mostly written in (`fastOutline`) is read by a line
 * scan with the same result; any other runs through micromark once. When
 * {@link markdownHazard} finds input micromark would be slow on, micromark is
 * not run: headings come from {@link plainHeadings}, the text is the
 * Markdown as written, and `problems` says why.
 *
 * @example markdownOutline('# Title\n\nText\n').headings // [{ depth: 1, text: 'Title', line: 1 }]
 */
export function markdownOutline(markdown: string, lineOffset = 0, limits?: Partial<Limits>): MarkdownOutline {
  const hazard = markdownHazard(markdown, resolveLimits(limits), lineOffset);
  if (hazard !== undefined) return { headings: plainHeadings(markdown, lineOffset), text: markdown.trim(), problems: [hazard] };
  const fast = fastOutline(markdown, lineOffset);
  if (fast !== undefined) return { headings: fast.headings.map(({ depth, text, line }) => ({ depth, text, line })), text: fast.text, problems: [] };
  const events = markdownEvents(markdown);
  return { headings: headingsFromEvents(events, lineOffset), text: textFromEvents(events), problems: [] };
}
