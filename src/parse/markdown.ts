import { parse as micromarkParse, postprocess, preprocess } from 'micromark';
import { decodeNamedCharacterReference } from 'decode-named-character-reference';
import { decodeNumericCharacterReference } from 'micromark-util-decode-numeric-character-reference';

/** A Markdown heading: depth (1–6), plain text, and its 1-based line in the file. */
export interface Heading {
  depth: 1 | 2 | 3 | 4 | 5 | 6;
  text: string;
  line: number;
}

/** What one micromark pass over a Markdown body yields. */
export interface MarkdownOutline {
  /** ATX and setext headings in document order; none from code blocks or HTML. */
  headings: Heading[];
  /** The plain text of the body (markup, URLs and HTML removed), for search. */
  text: string;
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
const TEXT_TOKENS = new Set([
  'data',
  'codeFlowValue',
  'codeTextData',
  'characterEscapeValue',
  'autolinkProtocol',
  'autolinkEmail',
]);

// A character reference as micromark decodes it (CommonMark): every HTML named reference, and
// numeric ones with control characters, surrogates and out-of-range values made U+FFFD.
function referenceText(raw: string): string {
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
  return postprocess(micromarkParse().document().write(preprocess()(markdown, undefined, true))) as unknown as MarkdownEvents;
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
  return text.join('').replace(/\n{2,}/g, '\n').trim();
}

/**
 * Runs micromark once over `markdown` and returns its headings and plain
 * text. `lineOffset` is added to micromark's 1-based lines so headings carry
 * file lines when `markdown` is the body of a larger file.
 *
 * @example markdownOutline('# Title\n\nText\n').headings // [{ depth: 1, text: 'Title', line: 1 }]
 */
export function markdownOutline(markdown: string, lineOffset = 0): MarkdownOutline {
  const events = markdownEvents(markdown);
  return { headings: headingsFromEvents(events, lineOffset), text: textFromEvents(events) };
}
