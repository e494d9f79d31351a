import { readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * Stack traces of the server bundle name the src/ files, lines and columns (decision 075), without Node's
 * `--enable-source-maps`: that flag read and indexed every bundle file's source map as it loaded (~0.2 s of
 * CPU and ~20 MB at each start). Here a bundle file's map is read the first time a stack through it is
 * formatted (an error logged or printed: a 5xx, an uncaught exception), then kept for a minute after its last
 * use: a parsed map of a bundle chunk costs ~0.2 s of CPU to build and ~40–60 MB while held, which a burst of
 * errors should pay once and a quiet server should not keep.
 *
 * Does nothing when Node maps stacks itself (tsx in development and tests, or the flag given by hand).
 */
export function mapBundleStacks(bundleDir: string): void {
  if (process.sourceMapsEnabled) return;
  const prefix = pathToFileURL(bundleDir).href + '/';
  const maps = new Map<string, { map: SourceMap; url: string } | null>();
  let release: NodeJS.Timeout | undefined;
  const mapOf = (file: string) => {
    clearTimeout(release);
    release = setTimeout(() => maps.clear(), MAPS_KEPT_MS).unref();
    if (!maps.has(file)) {
      try {
        maps.set(file, { map: new SourceMap(JSON.parse(readFileSync(fileURLToPath(`${file}.map`), 'utf8'))), url: `${file}.map` });
      } catch {
        maps.set(file, null);
      }
    }
    return maps.get(file);
  };
  const frame = (site: NodeJS.CallSite): string => {
    const text = site.toString();
    const file = site.getFileName();
    const line = site.getLineNumber();
    const column = site.getColumnNumber();
    if (!file?.startsWith(prefix) || line === null || column === null) return text;
    const found = mapOf(file);
    const entry = found?.map.findEntry(line - 1, column - 1);
    if (!entry || !('originalSource' in entry)) return text;
    const source = fileURLToPath(new URL(entry.originalSource, found!.url));
    return text.replace(`${file}:${line}:${column}`, `${source}:${entry.originalLine + 1}:${entry.originalColumn + 1}`);
  };
  Error.prepareStackTrace = (error: Error, sites: NodeJS.CallSite[]) => {
    let header: string;
    try {
      header = Error.prototype.toString.call(error);
    } catch {
      header = '<error>';
    }
    return [header, ...sites.map((site) => `    at ${frame(site)}`)].join('\n');
  };
}

/** How long parsed maps are kept after the last stack that used them. */
const MAPS_KEPT_MS = 60_000;
