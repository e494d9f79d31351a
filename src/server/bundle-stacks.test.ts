import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleProblem } from '../../scripts/build-server.mjs';

/**
 * A bundle built the way scripts/build-server.mjs builds the server's (ES modules, split, source maps without
 * their sources): its stack traces name the TypeScript file, line and column once mapBundleStacks is on.
 */
let dir: string;
const source = `import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { mapBundleStacks } from ${JSON.stringify(fileURLToPath(new URL('bundle-stacks.ts', import.meta.url)))};

if (process.argv.includes('--map')) mapBundleStacks(dirname(fileURLToPath(import.meta.url)));
function failDeepInside(): never {
  throw new TypeError('the booking vanished');
}
try {
  failDeepInside();
} catch (error) {
  console.log((error as Error).stack);
}
`;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'glint-bundle-stacks-'));
  writeFileSync(join(dir, 'entry.ts'), source);
  await build({ entryPoints: [join(dir, 'entry.ts')], outdir: join(dir, 'out'), bundle: true, splitting: true, format: 'esm', platform: 'node', sourcemap: true, sourcesContent: false, logLevel: 'silent' });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const run = (...args: string[]) => execFileSync(process.execPath, [...args, join(dir, 'out/entry.js'), ...(args.includes('--enable-source-maps') ? [] : ['--map'])], { encoding: 'utf8' });

describe('stack traces of the server bundle', () => {
  it('name the source file, line and column, as --enable-source-maps would', () => {
    const mapped = run();
    expect(mapped.split('\n')[0]).toBe('TypeError: the booking vanished');
    expect(mapped).toContain(`at failDeepInside (${join(dir, 'entry.ts')}:7:9)`);
    expect(mapped).toContain(`at ${join(dir, 'entry.ts')}:10:3`);
    expect(mapped).not.toContain('entry.js');
    // The same positions Node prints when it maps stacks itself (it names a top-level frame `<anonymous>`).
    const positions = (stack: string) => stack.match(/\/[^ ()]+:\d+:\d+/g);
    expect(positions(mapped)).toEqual(positions(run('--enable-source-maps')));
  });

  it('without it, the frames point into the bundle', () => {
    const unmapped = execFileSync(process.execPath, [join(dir, 'out/entry.js')], { encoding: 'utf8' });
    expect(unmapped).toContain(join(dir, 'out/entry.js'));
    expect(unmapped).not.toContain('entry.ts');
  });
});

describe("the server bundle's check of its files", () => {
  it('refuses a chunk that hands a dynamically imported CommonJS module over as a default export only', async () => {
    const pkg = join(dir, 'node_modules/plugin');
    mkdirSync(pkg, { recursive: true });
    writeFileSync(join(pkg, 'index.js'), "exports.load = async () => (await import('./cookie.js')).stringifySetCookie;");
    writeFileSync(join(pkg, 'cookie.js'), 'exports.stringifySetCookie = () => "a=1";');
    writeFileSync(join(dir, 'uses-plugin.ts'), "import { load } from 'plugin';\nconsole.log(typeof (await load()));");
    const out = join(dir, 'plugin-out');
    await build({ entryPoints: [join(dir, 'uses-plugin.ts')], outdir: out, bundle: true, splitting: true, format: 'esm', platform: 'node', logLevel: 'silent' });
    // What @fastify/cookie met: the named export is missing from the bundle.
    expect(execFileSync(process.execPath, [join(out, 'uses-plugin.js')], { encoding: 'utf8' }).trim()).toBe('undefined');
    const problems = readdirSync(out).map((name) => bundleProblem(name, readFileSync(join(out, name), 'utf8'))).filter(Boolean);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain('SERVER_EXTERNAL');
    expect(bundleProblem('main.js', 'export { main };')).toBeUndefined();
  });
});
