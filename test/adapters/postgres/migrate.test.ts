import { PGlite } from '@electric-sql/pglite';
import { expect, it } from 'vitest';
import { fromPglite } from '../../../src/adapters/postgres/client.js';
import { migrate } from '../../../src/adapters/postgres/migrate.js';
it('migrates', async () => {
  const db = fromPglite(new PGlite());
  const steps = [{ version: 1, description: 'a', sql: (s: string) => `CREATE TABLE ${s}.t (x int)` }];
  expect(await migrate(db, 'tenant_a', 'store', steps)).toEqual({ ok: true, from: 0, to: 1 });
  expect(await migrate(db, 'tenant_a', 'store', steps)).toEqual({ ok: true, from: 1, to: 1 });
  expect(await migrate(db, 'tenant_a', 'store', [])).toEqual({ ok: false, found: 1, supported: 0 });
  await db.close();
});
