import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Rolldown } from 'vite';
import { afterEach, describe, expect, it } from 'vitest';
import { foldSmallChunks } from '../../../scripts/fold-small-chunks';

type Bundle = Rolldown.OutputBundle;

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function chunk(fileName: string, code: string, extra: Partial<Rolldown.OutputChunk> = {}): Rolldown.OutputChunk {
  const imports = [...code.matchAll(/from"\.\/([^"]+)"/g)].map((m) => `assets/${m[1]}`);
  const name = fileName.replace(/^assets\//, '').replace(/-[\w-]{8}\.js$/, '');
  return { type: 'chunk', fileName, name, code, imports, dynamicImports: [], isEntry: false, isDynamicEntry: false, ...extra } as Rolldown.OutputChunk;
}

function asset(fileName: string, source: string): Rolldown.OutputAsset {
  return { type: 'asset', fileName, source } as Rolldown.OutputAsset;
}

/** A bundle shaped like the web build's: rolldown's runtime, React's chunk, the app chunk, a lazy chunk, the entry facade. */
function webBundle(runtimeCode = 'var e=t=>t,n=new Map,r=(k,v)=>{n.set(k,v)},i=k=>n.get(k);export{e as t,r as n,i as r};'): Bundle {
  const files = [
    chunk('assets/rolldown-runtime-AAAAAAAA.js', runtimeCode),
    chunk('assets/react-BBBBBBBB.js', 'import{t as e}from"./rolldown-runtime-AAAAAAAA.js";var t=e(()=>"react");export{t};'),
    chunk(
      'assets/web-DDDDDDDD.js',
      'const __vite__mapDeps=(i,m=__vite__mapDeps,d=(m.f||(m.f=["assets/lazy-CCCCCCCC.js","assets/rolldown-runtime-AAAAAAAA.js","assets/react-BBBBBBBB.js"])))=>i.map(i=>d[i]);' +
        'import{n as e,r as t}from"./rolldown-runtime-AAAAAAAA.js";import{t as n}from"./react-BBBBBBBB.js";var r=()=>(e("k",n()),t("k")),a=()=>__vite__mapDeps([0,1]);export{a as n,r as t};',
      { dynamicImports: ['assets/lazy-CCCCCCCC.js'] },
    ),
    chunk('assets/lazy-CCCCCCCC.js', 'import{r as e}from"./rolldown-runtime-AAAAAAAA.js";var a=()=>e("k");export{a as x};', { isDynamicEntry: true }),
    chunk('assets/index-EEEEEEEE.js', 'import{t as e}from"./web-DDDDDDDD.js";e();', { isEntry: true }),
    asset(
      'index.html',
      '<head>\n    <script type="module" crossorigin src="/assets/index-EEEEEEEE.js"></script>\n    <link rel="modulepreload" crossorigin href="/assets/rolldown-runtime-AAAAAAAA.js">\n    <link rel="modulepreload" crossorigin href="/assets/react-BBBBBBBB.js">\n    <link rel="modulepreload" crossorigin href="/assets/web-DDDDDDDD.js">\n</head>',
    ),
    asset(
      '.vite/manifest.json',
      JSON.stringify({
        'index.html': { file: 'assets/index-EEEEEEEE.js', isEntry: true, imports: ['_web-DDDDDDDD.js'] },
        '_rolldown-runtime-AAAAAAAA.js': { file: 'assets/rolldown-runtime-AAAAAAAA.js' },
        '_react-BBBBBBBB.js': { file: 'assets/react-BBBBBBBB.js', imports: ['_rolldown-runtime-AAAAAAAA.js'] },
        '_web-DDDDDDDD.js': { file: 'assets/web-DDDDDDDD.js', imports: ['_rolldown-runtime-AAAAAAAA.js', '_react-BBBBBBBB.js'] },
        'lazy.tsx': { file: 'assets/lazy-CCCCCCCC.js', isDynamicEntry: true, imports: ['_rolldown-runtime-AAAAAAAA.js'] },
      }),
    ),
  ];
  return Object.fromEntries(files.map((file) => [file.fileName, file]));
}

function fold(bundle: Bundle): Bundle {
  const plugin = foldSmallChunks({ runtimeInto: 'react' });
  (plugin.configResolved as (config: { base: string }) => void)({ base: '/' });
  // rolldown's bundle takes no new keys: the plugin emits a renamed chunk as a file of its own.
  const context = { emitFile: ({ fileName, source }: { fileName: string; source: string }) => Object.defineProperty(bundle, fileName, { value: asset(fileName, source), enumerable: true, configurable: true }) };
  (plugin.generateBundle as unknown as { handler: (this: typeof context, options: unknown, bundle: Bundle) => void }).handler.call(context, {}, bundle);
  return bundle;
}

const fileNamed = (bundle: Bundle, name: string) => Object.keys(bundle).find((file) => file.startsWith(`assets/${name}-`))!;
const source = (bundle: Bundle, fileName: string) => {
  const file = bundle[fileName];
  return file.type === 'chunk' ? file.code : String(file.source);
};

describe('folding the first load scripts under 2 KB (decision 078)', () => {
  it("puts rolldown's runtime into React's chunk and the entry facade into the HTML, and every file named still exists", () => {
    const bundle = fold(webBundle());
    expect(Object.keys(bundle).filter((f) => f.endsWith('.js')).map((f) => f.replace(/-[\w-]{8}\.js$/, '')).sort()).toEqual(['assets/lazy', 'assets/react', 'assets/web']);
    const web = fileNamed(bundle, 'web');
    const html = source(bundle, 'index.html');
    expect(html).toContain(`<script type="module">import{t as e}from"/${web}";e();</script>`);
    expect(html).not.toContain('rolldown-runtime');
    expect(html).toContain(`<link rel="modulepreload" crossorigin href="/${fileNamed(bundle, 'react')}">`);
    // Every file a chunk or the HTML names is in the bundle: imports, Vite's preload lists, preload links.
    for (const fileName of Object.keys(bundle).filter((f) => !f.endsWith('manifest.json'))) {
      for (const [, named] of source(bundle, fileName).matchAll(/["/]((?:[\w-]+)-[\w-]{8}\.js)"/g)) expect(bundle[`assets/${named}`], `${fileName} names ${named}`).toBeDefined();
    }
    // The manifest: no entry for a removed file, imports of the runtime now of React's chunk.
    const manifest = JSON.parse(source(bundle, '.vite/manifest.json')) as Record<string, { file: string; imports?: string[] }>;
    expect(Object.values(manifest).map((entry) => entry.file).sort()).toEqual([fileNamed(bundle, 'lazy'), fileNamed(bundle, 'react'), web].sort());
    expect(manifest['lazy.tsx'].imports).toEqual([`_${fileNamed(bundle, 'react').slice('assets/'.length)}`]);
    for (const entry of Object.values(manifest)) for (const key of entry.imports ?? []) expect(manifest[key]).toBeDefined();
  });

  it('the folded chunks run: one runtime instance, shared by React, the app and a lazy chunk that never imported React', async () => {
    const bundle = fold(webBundle());
    const dir = mkdtempSync(join(tmpdir(), 'glint-fold-'));
    dirs.push(dir);
    mkdirSync(join(dir, 'assets'));
    for (const fileName of Object.keys(bundle).filter((f) => f.endsWith('.js'))) writeFileSync(join(dir, fileName), source(bundle, fileName));
    const web = (await import(pathToFileURL(join(dir, fileNamed(bundle, 'web'))).href)) as { t: () => unknown };
    expect(web.t()).toBe('react');
    const lazy = (await import(pathToFileURL(join(dir, fileNamed(bundle, 'lazy'))).href)) as { x: () => unknown };
    expect(lazy.x()).toBe('react');
  });

  it("names are content hashes: the same input, the same names; React's chunk renamed (React or the runtime changed), every chunk renamed", () => {
    const names = (bundle: Bundle) => Object.keys(bundle).filter((f) => f.endsWith('.js')).sort();
    expect(names(fold(webBundle()))).toEqual(names(fold(webBundle())));
    // rolldown names React's chunk by its content and the runtime's (it names the runtime's file).
    const otherReact = Object.fromEntries(
      Object.values(webBundle()).map((file) => {
        const renamed = (text: string) => text.replaceAll('react-BBBBBBBB', 'react-BBBBBBBY');
        if (file.type === 'chunk') Object.assign(file, { fileName: renamed(file.fileName), code: renamed(file.code), imports: file.imports.map(renamed) });
        else file.source = renamed(String(file.source));
        return [file.fileName, file];
      }),
    );
    const before = names(fold(webBundle()));
    const after = names(fold(otherReact));
    expect(after.filter((name) => before.includes(name))).toEqual([]);
  });

  it('refuses a host chunk that imports another chunk (the runtime must run before anything that needs it)', () => {
    const bundle = webBundle();
    const react = bundle['assets/react-BBBBBBBB.js'] as Rolldown.OutputChunk;
    react.imports = [...react.imports, 'assets/web-DDDDDDDD.js'];
    expect(() => fold(bundle)).toThrow(/"react" imports assets\/web-DDDDDDDD\.js/);
  });
});
