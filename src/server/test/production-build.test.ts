import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { developmentBundleProblem, productionBuildEnv } from '../../../scripts/build-web-if-stale.mjs';

const root = new URL('../../../', import.meta.url);
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function bundle(script: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'glint-bundle-'));
  dirs.push(dir);
  writeFileSync(join(dir, 'index.js'), script);
  return dir;
}

describe('the web build is always a production build', () => {
  it('runs vite build with NODE_ENV=production whatever the caller has, keeping the rest of the environment', () => {
    const env = productionBuildEnv({ NODE_ENV: 'development', WEB_DIST_DIR: 'dist/other', PORT: '5001' });
    expect(env).toEqual({ NODE_ENV: 'production', WEB_DIST_DIR: 'dist/other', PORT: '5001' });
    expect(productionBuildEnv({}).NODE_ENV).toBe('production');
  });

  it('npm run build and npm start build through that helper, not a bare vite build, then the server bundle', () => {
    const pkg = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as { scripts: Record<string, string> };
    expect(pkg.scripts.build).toBe('node scripts/build-web-if-stale.mjs --force && node scripts/build-server.mjs');
    expect(pkg.scripts.start).toBe('node scripts/start.mjs');
    const start = readFileSync(new URL('scripts/start.mjs', root), 'utf8');
    expect(start).toContain("import { buildWebIfStale } from './build-web-if-stale.mjs'");
    // npm start and the browser tests' servers run the same bundle (decision 025): the e2e global setup
    // builds it once, each worker starts it (decision 062).
    for (const script of [start, readFileSync(new URL('e2e/support/global-setup.ts', root), 'utf8')]) expect(script).toContain('await buildServerIfStale()');
    for (const script of [start, readFileSync(new URL('e2e/support/test.ts', root), 'utf8')]) expect(script).toContain('serverProcess(');
  });

  it('tells a development bundle (React development or Preact debug) from the production bundle', () => {
    expect(developmentBundleProblem(bundle('throw Error("Minified React error #185; visit https://react.dev/errors/185")'))).toBeUndefined();
    expect(developmentBundleProblem(bundle('var e=Symbol.for("react.element");function h(n,t){return{type:n,props:t}}'))).toBeUndefined();
    expect(developmentBundleProblem(bundle('console.error("In HTML, %s cannot be a child of %s.")'))).toMatch(/development build/);
    expect(developmentBundleProblem(bundle('throw new Error("Undefined component passed to createElement()")'))).toMatch(/debug build/);
  });
});
