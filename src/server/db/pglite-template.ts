import { cpSync, existsSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fromRoot } from '../paths';

/** The migrated, empty cluster scripts/build-pglite-template.mjs makes once per PGlite version and migrations (decision 045). */
export const pgliteTemplateDir = fromRoot('dist/pglite-template');

/**
 * A new data folder starts as a copy of the template instead of PGlite's initdb (about 5 s and 800 MB that
 * the process keeps). A folder that holds anything is left alone, as is any folder when there is no template
 * (tsx in development, the tests): PGlite then runs initdb itself, as before. The copy is written aside and
 * renamed into place, so a start killed half-way leaves no half cluster behind.
 */
export function startFromTemplate(dataDir: string, template = pgliteTemplateDir): boolean {
  if (!existsSync(join(template, 'PG_VERSION'))) return false;
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) return false;
  const partial = `${dataDir}.partial-${process.pid}`;
  rmSync(partial, { recursive: true, force: true });
  cpSync(template, partial, { recursive: true });
  rmSync(dataDir, { recursive: true, force: true });
  renameSync(partial, dataDir);
  return true;
}
