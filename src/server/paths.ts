import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The repository's root (the folder with package.json), found from wherever this module runs: its source
 * under src/server, or the server bundle in dist/server that `npm start` runs (scripts/build-server.mjs).
 */
function findRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) throw new Error(`no package.json above ${from}`);
  }
}

export const projectRoot = findRoot(dirname(fileURLToPath(import.meta.url)));

/** A path under the repository (an absolute path stays as it is). */
export const fromRoot = (path: string): string => resolve(projectRoot, path);
