import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** One TypeScript example found in the docs or in a TSDoc `@example`. */
export interface Example {
  /** Where it was found, relative to the repository root. */
  readonly file: string;
  /** 1-based line of the example's first code line in `file`. */
  readonly line: number;
  /** The code, as a reader sees it. */
  readonly code: string;
  /** Words after the language in the fence info (`fragment`, `no-run`, …); empty for a tag's bare text. */
  readonly info: readonly string[];
  /** `markdown` for a fenced block of a `.md` file, `tsdoc` for an `@example` of a source file. */
  readonly origin: 'markdown' | 'tsdoc';
}

const TS_FENCE = /^(\s*)(`{3,}|~{3,})\s*(ts|typescript)\b(.*)$/;
const ANY_FENCE = /^(\s*)(`{3,}|~{3,})/;

/** Every ```ts / ```typescript block of a Markdown text; `lineOffset` maps its lines to the file's. */
export function fencedTypeScript(text: string, file: string, origin: Example['origin'], lineOffset = 0): Example[] {
  const lines = text.split('\n');
  const found: Example[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = ANY_FENCE.exec(lines[i] ?? '');
    if (!open) continue;
    const ts = TS_FENCE.exec(lines[i] ?? '');
    const marker = open[2] ?? '```';
    const indent = (open[1] ?? '').length;
    let end = i + 1;
    // A fence closes on a line of the same character, at least as long, and nothing else.
    while (end < lines.length && !new RegExp(`^\\s*${marker[0]}{${marker.length},}\\s*$`).test(lines[end] ?? '')) end++;
    if (ts) {
      const body = lines.slice(i + 1, end).map((l) => l.slice(Math.min(indent, l.length - l.trimStart().length)));
      const info = (ts[4] ?? '').trim().split(/\s+/).filter(Boolean);
      found.push({ file, line: lineOffset + i + 2, code: body.join('\n'), info, origin });
    }
    i = end; // nothing inside any fence opens another
  }
  return found;
}

/** Every `@example` of the TSDoc comments of a source text: its ```ts block, or the tag's text as code. */
export function tsdocExamples(text: string, file: string): Example[] {
  const found: Example[] = [];
  for (const comment of text.matchAll(/\/\*\*[\s\S]*?\*\//g)) {
    const startLine = text.slice(0, comment.index).split('\n').length; // 1-based line of `/**`
    const lines = comment[0]
      .replace(/^\/\*\*/, '')
      .replace(/\*\/$/, '')
      .split('\n')
      .map((l) => l.replace(/^\s*\* ?/, ''));
    let inFence = false;
    for (let i = 0; i < lines.length; i++) {
      const tag = /^\s*@example\b ?(.*)$/.exec(lines[i] ?? '');
      if (!tag || inFence) {
        if (ANY_FENCE.test(lines[i] ?? '')) inFence = !inFence;
        continue;
      }
      // The tag runs to the next block tag outside a fence, or to the end of the comment.
      const body: string[] = [tag[1] ?? ''];
      let fence = false;
      let j = i + 1;
      for (; j < lines.length; j++) {
        const l = lines[j] ?? '';
        if (!fence && /^\s*@\w/.test(l)) break;
        if (ANY_FENCE.test(l)) fence = !fence;
        body.push(l);
      }
      const bodyText = body.join('\n');
      const fenced = fencedTypeScript(bodyText, file, 'tsdoc', startLine + i - 1);
      if (fenced.length > 0) found.push(...fenced);
      else if (!/^\s*(`{3,}|~{3,})/m.test(bodyText)) {
        // No fence: the tag's text is the code, as TypeDoc renders it.
        const first = body.findIndex((l) => l.trim() !== '');
        if (first >= 0) found.push({ file, line: startLine + i + first, code: body.slice(first).join('\n').trimEnd(), info: [], origin: 'tsdoc' });
      }
      i = j - 1;
    }
  }
  return found;
}

function walk(dir: string, keep: (name: string) => boolean): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...walk(path, keep));
    else if (keep(entry.name)) out.push(path);
  }
  return out.sort();
}

/** Every example of README.md, docs/**\/*.md and the TSDoc of src/, in a stable order. */
export function collectExamples(root: string): Example[] {
  const markdown = [join(root, 'README.md'), ...walk(join(root, 'docs'), (n) => n.endsWith('.md'))];
  const sources = walk(join(root, 'src'), (n) => n.endsWith('.ts') && !n.endsWith('.d.ts'));
  return [...markdown.flatMap((p) => fencedTypeScript(readFileSync(p, 'utf8'), relative(root, p), 'markdown')), ...sources.flatMap((p) => tsdocExamples(readFileSync(p, 'utf8'), relative(root, p)))];
}
