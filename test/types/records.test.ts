// The public schema modules src/schema/<name>.ts and records-static.test.ts are generated from the
// TypeBox definitions in src/schema/typebox/ (scripts/emit-record-types.ts): a definition changed
// without re-running the generator leaves the published record types behind the schemas.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SCHEMA_MODULES, emitRecordTypes } from '../../scripts/emit-record-types.js';

const files = emitRecordTypes();

describe('generated public schema modules', () => {
  it('are what scripts/emit-record-types.ts writes from the definitions now', () => {
    expect(files.map((f) => f.path.replace(/.*\/(src|test)\//, '$1/'))).toEqual([...SCHEMA_MODULES.map((m) => `src/schema/${m}.ts`), 'test/types/records-static.test.ts']);
    for (const f of files) expect(readFileSync(f.path, 'utf8'), `${f.path} is out of date: run npx tsx scripts/emit-record-types.ts`).toBe(f.text);
  });

  it('import nothing but their definitions and TypedSchema, and spell every record type out', () => {
    for (const f of files.slice(0, -1)) {
      const imports = [...f.text.matchAll(/from '([^']+)'/g)].map((m) => m[1] ?? '');
      expect(
        imports.every((i) => i === './typed-schema.js' || /^\.\/typebox\/[a-z0-9-]+\.js$/.test(i)),
        f.path,
      ).toBe(true);
      expect(f.text, f.path).not.toMatch(/\bStatic</);
    }
    const wbs = files.find((f) => f.path.endsWith('schema/wbs.ts'))!.text;
    expect(wbs).toMatch(/export type TaskIndex = \{/);
    expect(wbs).toMatch(/export const TaskIndex: TypedSchema<TaskIndex> = defs\.TaskIndex;/);
  });
});
