import type { ApplicationTables } from '@framework/core';
import { compileFixture } from '../compile-fixture.js';

/** The fixture app's tables, compiled by the real compiler (once per process). */
export async function fixtureTables(): Promise<ApplicationTables> {
  const generated = await compileFixture<{ tables: ApplicationTables }>(new URL('./fixtures/app/', import.meta.url));
  return generated.tables;
}
