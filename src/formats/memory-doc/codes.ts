import { defineCodes } from '../../kernel/problems/codes.js';

/** Problem codes of memory docs beyond their frontmatter's schema. */
export const memoryDocCodes = defineCodes({
  'memory-doc.unlisted-markdown': {
    meaning:
      'A Markdown file under `.thunderus/memory/` has no frontmatter and is none of the files the memory-doc format applies to (`CORE.md`, `FACTS/*.md`, `ADR-*.md`, `PLAYBOOKS/*.md`, session recaps in `episodic/`): it is read as plain Markdown (a `TODO.md`, a recap template), not checked as a memory doc.',
    fix: 'Nothing, if the file is not meant to be memory; otherwise give it the memory-doc frontmatter (or move it where memory docs live).',
    severity: 'warning',
    source: { seed: 'thunderus-schemas.txt', quote: 'Applies to: CORE.md, FACTS/*.md, ADR-*.md, PLAYBOOKS/*.md, session recaps' },
    format: 'memory-doc',
  },
});
