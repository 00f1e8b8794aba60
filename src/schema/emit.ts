import { MemkitConfig } from './memkit-config.js';
import { MEMORY_STORE_SQL } from './memory-store-sql.js';
import { type FormatDef, formats } from './registry.js';

/** Where published schemas live; `$id` of each is this plus `<id>.schema.json`. */
export const SCHEMA_BASE_URL = 'https://unpkg.com/memkit/schemas/';

/** The JSON Schema 2020-12 document of one format, as a plain object. */
export function toJsonSchema(def: FormatDef): Record<string, unknown> {
  const body = JSON.parse(JSON.stringify(def.schema)) as Record<string, unknown>;
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: `${SCHEMA_BASE_URL}${def.id}.schema.json`,
    title: def.title,
    ...body,
  };
}

/** One file `npm run schemas` writes. */
export interface SchemaFile {
  name: string;
  text: string;
  /** The format id, absent for `memory_store.sql`. */
  id?: string;
  title: string;
}

/** Every file of `schemas/`, deterministic: same library version, same bytes. */
export function emitSchemaFiles(): SchemaFile[] {
  const files: SchemaFile[] = [...formats.values()].map((def) => ({
    name: `${def.id}.schema.json`,
    text: JSON.stringify(toJsonSchema(def), null, 2) + '\n',
    id: def.id,
    title: def.title,
  }));
  files.push({ name: 'memory_store.sql', text: MEMORY_STORE_SQL, title: 'memory store SQLite schema' });
  // Not a memory format (no `id`): the schema of memkit's own config file, for editor completion.
  const config = { id: 'memkit-config', family: 'memkit', title: 'memkit.config.json', schema: MemkitConfig } as unknown as FormatDef;
  files.push({ name: 'memkit-config.schema.json', text: JSON.stringify(toJsonSchema(config), null, 2) + '\n', title: 'memkit.config.json' });
  return files;
}
