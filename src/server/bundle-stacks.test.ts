import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

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
