import { warning } from '../../kernel/problems/index.js';
import { parseFrontmatter } from '../../syntax/index.js';
import { validate } from '../../schema/index.js';
import { recordDoc } from '../gardener-config/check.js';
import type { CheckContext, LoadedFile } from '../check-context.js';

/** The files the memory-doc format applies to (thunderus-schemas.txt): `CORE.md`, `FACTS/*.md`, `ADR-*.md`, `PLAYBOOKS/*.md`, session recaps (`episodic/`). */
function appliesTo(path: string): boolean {
  const parts = path.split('/');
  const name = parts[parts.length - 1]!;
  const dir = parts[parts.length - 2];
  return name === 'CORE.md' || name.startsWith('ADR-') || dir === 'FACTS' || dir === 'PLAYBOOKS' || parts.includes('episodic');
}

const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

/**
 * Checks one memory doc: frontmatter parses and matches the memory-doc
 * format; a recap has a Provenance section. Records the doc's id and
 * provenance for the cross-file checks, and its size, kind, title, body and
 * (of a recap) headings for the gardener's rules.
 */
export function checkMemoryDoc(file: LoadedFile, ctx: CheckContext): void {
  const parsed = parseFrontmatter(file.text, { file: file.path, limits: { maxFileBytes: ctx.env.maxFileBytes } });
  if (!parsed.ok && !appliesTo(file.path) && parsed.problems.some((p) => p.code === 'frontmatter.missing')) {
    ctx.report(file, [
      warning('memory-doc.unlisted-markdown', 'no frontmatter, and not a file memory docs are (CORE.md, FACTS/*.md, ADR-*.md, PLAYBOOKS/*.md, episodic/ recaps): read as plain Markdown', { line: 1 }),
    ]);
    return;
  }
  if (!parsed.ok) {
    recordDoc(ctx, { path: file.path, text: file.text });
    ctx.report(file, parsed.problems);
    return;
  }
  ctx.report(file, parsed.problems ?? []);
  const doc = parsed.value;
  const data = doc.data;
  for (const p of validate('memory-doc', data)) {
    ctx.report(file, [{ ...p, line: doc.lineOf(p.pointer ?? '') }]);
  }
  const facts = { path: file.path, text: file.text, kind: data.kind, kindLine: doc.lineOf('/kind'), title: data.title, titleLine: doc.lineOf('/title'), body: doc.body, bodyLine: doc.bodyLine };
  if (data.kind === 'recap') {
    // Why the headings came from a plain line scan (a hostile body), if they did.
    ctx.report(file, doc.markdownProblems());
    const headings = doc.headings().map((h) => h.text);
    if (!headings.some((h) => /^provenance$/i.test(h.trim())))
      ctx.error('check.recap-provenance', 'this recap has no "Provenance" section; the recap template requires one', { file: file.path, line: doc.bodyLine });
    recordDoc(ctx, { ...facts, headings });
  } else recordDoc(ctx, facts);
  if (typeof data.id === 'string') {
    const prov = typeof data.provenance === 'object' && data.provenance !== null ? (data.provenance as Record<string, unknown>) : {};
    ctx.docs.push({
      path: file.path,
      line: doc.lineOf('/id'),
      id: data.id,
      kind: data.kind,
      title: data.title,
      tags: data.tags,
      updated: data.updated,
      provenance: { events: strings(prov.events), patches: strings(prov.patches), ...(prov.commits !== undefined ? { commits: prov.commits } : {}) },
      provenanceLine: doc.lineOf('/provenance'),
    });
  }
}
