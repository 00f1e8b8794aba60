// Writes schemas/*.schema.json and schemas/memory_store.sql from the TypeBox sources.
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { emitSchemaFiles } from '../src/schema/emit.js';

const dir = join(import.meta.dirname, '..', 'schemas');
mkdirSync(dir, { recursive: true });
const files = emitSchemaFiles();
const keep = new Set(files.map((f) => f.name));
for (const name of readdirSync(dir)) if (!keep.has(name)) rmSync(join(dir, name));
for (const f of files) writeFileSync(join(dir, f.name), f.text);
console.log(`wrote ${files.length} files to schemas/`);
