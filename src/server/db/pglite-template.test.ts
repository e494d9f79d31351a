import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startFromTemplate } from './pglite-template';

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A folder laid out like an initdb'd cluster (PG_VERSION and a subfolder), enough for the copy's rules. */
function fakeCluster(): { root: string; template: string } {
  const root = mkdtempSync(join(tmpdir(), 'glint-template-test-'));
  made.push(root);
  const template = join(root, 'template');
  mkdirSync(join(template, 'base/1'), { recursive: true });
  writeFileSync(join(template, 'PG_VERSION'), '17\n');
  writeFileSync(join(template, 'base/1/1259'), 'catalog');
  return { root, template };
}

describe('a new data folder from the template', () => {
  it('copies the template into a data folder that does not exist yet, and leaves nothing aside', () => {
    const { root, template } = fakeCluster();
    const dataDir = join(root, 'data');
    expect(startFromTemplate(dataDir, template)).toBe(true);
    expect(readFileSync(join(dataDir, 'base/1/1259'), 'utf8')).toBe('catalog');
    expect(readdirSync(root).sort()).toEqual(['data', 'template']);
  });

  it('copies it into an empty folder (one the operator made for DATA_DIR)', () => {
    const { root, template } = fakeCluster();
    const dataDir = join(root, 'data');
    mkdirSync(dataDir);
    expect(startFromTemplate(dataDir, template)).toBe(true);
    expect(readFileSync(join(dataDir, 'PG_VERSION'), 'utf8')).toBe('17\n');
  });

  it('never touches a folder that holds anything: an existing database is opened as it is', () => {
    const { root, template } = fakeCluster();
    const dataDir = join(root, 'data');
    mkdirSync(dataDir);
    writeFileSync(join(dataDir, 'PG_VERSION'), '16\n');
    expect(startFromTemplate(dataDir, template)).toBe(false);
    expect(readdirSync(dataDir)).toEqual(['PG_VERSION']);
    expect(readFileSync(join(dataDir, 'PG_VERSION'), 'utf8')).toBe('16\n');
  });

  it('leaves initdb to PGlite when there is no template (development, the tests)', () => {
    const { root } = fakeCluster();
    expect(startFromTemplate(join(root, 'data'), join(root, 'no-template'))).toBe(false);
    expect(readdirSync(root)).toEqual(['template']);
  });
});

describe('the template npm start builds (scripts/build-pglite-template.mjs)', () => {
  it("holds pg-boss's tables at the schema version this pg-boss wants: a new folder's job queue installs nothing", async () => {
    const { buildPgliteTemplateIfStale, pgliteTemplateDir } = await import('../../../scripts/build-pglite-template.mjs');
    buildPgliteTemplateIfStale();
    const root = mkdtempSync(join(tmpdir(), 'glint-template-test-'));
    made.push(root);
    const dataDir = join(root, 'data');
    expect(startFromTemplate(dataDir, pgliteTemplateDir)).toBe(true);
    const { PGlite } = await import('@electric-sql/pglite');
    const db = new PGlite({ dataDir });
    try {
      const { rows } = await db.query<{ version: number }>('select version from pgboss.version');
      const wanted = JSON.parse(readFileSync(new URL('../../../node_modules/pg-boss/version.json', import.meta.url), 'utf8')) as { schema: number };
      expect(rows).toEqual([{ version: wanted.schema }]);
    } finally {
      await db.close();
    }
  }, 120_000);
});
