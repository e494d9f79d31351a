import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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

  it("tells React's development bundle from the production bundle", () => {
    expect(developmentBundleProblem(bundle('throw Error("Minified React error #185; visit https://react.dev/errors/185")'))).toBeUndefined();
    expect(developmentBundleProblem(bundle('var e=Symbol.for("react.element");function h(n,t){return{type:n,props:t}}'))).toBeUndefined();
    expect(developmentBundleProblem(bundle('console.error("In HTML, %s cannot be a child of %s.")'))).toMatch(/development build/);
  });
});

describe('the public pages are rendered by React on the server at build time (decision 061)', () => {
  it('the web build never starts a browser', () => {
    for (const script of ['scripts/build-web-if-stale.mjs', 'scripts/prerender.mjs']) {
      expect(readFileSync(new URL(script, root), 'utf8'), script).not.toMatch(/chromium|playwright|puppeteer/i);
    }
  });

  it('writes each public page as HTML with its text, the configuration placeholders and the hydration root, with no Chromium anywhere', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'glint-web-'));
    dirs.push(dir, `${dir}-ssr`);
    // What prerender() reads of a client build: index.html and the manifest (the signed-in `/` preloads).
    writeFileSync(join(dir, 'index.html'), '<html><head><script id="glint-boot">boot()</script></head><body><div id="root"></div><script type="module" crossorigin src="/assets/index-x.js"></script></body></html>');
    mkdirSync(join(dir, '.vite'));
    writeFileSync(
      join(dir, '.vite/manifest.json'),
      JSON.stringify({ 'features/booking/components/booking-start.tsx': { file: 'assets/booking-start-x.js', imports: ['_calendar.js'] }, '_calendar.js': { file: 'assets/calendar-x.js' } }),
    );
    const chromiumPath = process.env.CHROMIUM_PATH;
    process.env.CHROMIUM_PATH = '/nowhere/chromium';
    try {
      const { prerender, PRERENDERED_PAGES } = await import('../../../scripts/prerender.mjs');
      await prerender(dir);
      const page = (file: string) => readFileSync(join(dir, 'prerender', file), 'utf8');
      expect(PRERENDERED_PAGES.map((p) => p.file)).toEqual(['index.html', 'auth.html', 'sww-offer.html', 'packages.html', 'tracking.html', 'tracking-shell.html']);
      expect(page('index.html')).toContain('<div id="root" data-prerendered="/">');
      expect(page('index.html')).toContain('Showroom shine, wherever you park.');
      expect(page('index.html')).toMatch(/>@@glint-businessName@@<\/a>/);
      expect(page('index.html')).toMatch(/<label[^>]*for="signin-email"[^>]*>Email<\/label>/);
      expect(page('index.html')).not.toContain('glint-boot');
      // Its scripts are asked for after the first paint (decision 076): no module script, only the loader with the entry.
      expect(page('index.html')).not.toContain('<script type="module"');
      expect(page('index.html')).toMatch(/requestAnimationFrame[\s\S]*"import \\"\/assets\/index-x\.js\\";", \[\]\);\s*<\/script>\s*<\/body>/);
      expect(page('auth.html')).toContain('Welcome to @@glint-businessName@@');
      expect(page('packages.html')).toContain('Service Packages');
      expect(page('tracking.html')).toContain('No Booking Found');
      expect(page('tracking-shell.html')).toContain('Loading your booking...');
      expect(page('tracking-shell.html')).not.toContain('No Booking Found');
      expect(page('signed-in-home.html')).toContain('<link rel="modulepreload" crossorigin href="/assets/booking-start-x.js">');
      expect(page('signed-in-home.html')).toContain('<link rel="modulepreload" crossorigin href="/assets/calendar-x.js">');
    } finally {
      if (chromiumPath === undefined) delete process.env.CHROMIUM_PATH;
      else process.env.CHROMIUM_PATH = chromiumPath;
    }
  }, 180_000);
});

describe('a prerendered page asks for its scripts after the first paint (decisions 076, 078)', () => {
  it('an inline module entry (the folded facade) and its preloads leave the head and run from the loader', async () => {
    const { scriptsAfterFirstPaint } = await import('../../../scripts/prerender.mjs');
    const html = '<html><head><script type="module">import{t as e}from"/assets/web-x.js";e();</script>\n<link rel="modulepreload" crossorigin href="/assets/react-x.js">\n<link rel="modulepreload" crossorigin href="/assets/web-x.js"></head><body><div id="root"></div></body></html>';
    const page = scriptsAfterFirstPaint(html);
    expect(page.slice(0, page.indexOf('</head>'))).not.toMatch(/<script type="module"|modulepreload/);
    const call = /\}\)\((".*"), (\[.*\])\);\s*<\/script>\s*<\/body>/.exec(page);
    expect(JSON.parse(call![1])).toBe('import{t as e}from"/assets/web-x.js";e();');
    expect(JSON.parse(call![2])).toEqual(['/assets/react-x.js', '/assets/web-x.js']);
    expect(page).toContain('script.textContent = entry;');
  });

  it('a closing script tag in the entry code cannot end the loader early', async () => {
    const { scriptsAfterFirstPaint } = await import('../../../scripts/prerender.mjs');
    const page = scriptsAfterFirstPaint('<head><script type="module" crossorigin src="/assets/a</script>.js"></script></head><body></body>');
    expect(page.match(/<\/script>/g)).toHaveLength(1);
  });
});
