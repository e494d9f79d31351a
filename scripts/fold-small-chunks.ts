// The two script files of the first load too small to pay for a request of their own (decision 078), folded
// where they are used once the bundle is written:
// - rolldown's runtime helpers (≈ 0.6 KB: `__commonJS`, `__esmMin`, …), which every chunk imports and no
//   code-splitting group can capture, go into the chunk that carries them into the first load anyway (React's);
// - the HTML's entry, a facade that only calls the app chunk's start, becomes an inline module in the HTML.
import { createHash } from 'node:crypto';
import { dirname, posix } from 'node:path';
import { parseSync, type Plugin, type Rolldown } from 'vite';

type Bundle = Rolldown.OutputBundle;
type Chunk = Rolldown.OutputChunk;

/** Bumped when what this plugin writes changes: it is part of every renamed file's hash. */
const FOLD_VERSION = '1';
/** An entry at most this long (minified bytes) that only imports and calls is a facade worth inlining. */
const FACADE_MAX_BYTES = 1024;
const RUNTIME_CHUNK = 'rolldown-runtime';
const helper = (name: string) => `__rolldown_runtime_${name}`;

export function foldSmallChunks({ runtimeInto }: { runtimeInto: string }): Plugin {
  let base = '/';
  return {
    name: 'glint:fold-small-chunks',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    // After every other plugin's generateBundle: the chunks' code and the HTML are final, the manifest written.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        inlineEntryFacades(bundle, base);
        // rolldown lets a plugin change and delete the files of a bundle but not add to it: a renamed chunk is
        // written as a file of that name (its code final), the old one deleted.
        foldRuntime(bundle, runtimeInto, (fileName, source) => this.emitFile({ type: 'asset', fileName, source }));
      },
    },
  };
}

const isChunk = (file: Bundle[string]): file is Chunk => file.type === 'chunk';

/** The import and export statements of a chunk, with the file each names (resolved against the chunk's folder). */
function moduleStatements(chunk: Chunk) {
  const { program, errors } = parseSync(chunk.fileName, chunk.code, { sourceType: 'module' });
  if (errors.length) throw new Error(`fold-small-chunks: ${chunk.fileName} does not parse: ${errors[0].message}`);
  return program.body.flatMap((node) => {
    if (node.type !== 'ImportDeclaration' && node.type !== 'ExportNamedDeclaration' && node.type !== 'ExportAllDeclaration') return [];
    const source = node.source?.value;
    const file = typeof source === 'string' && source.startsWith('.') ? posix.join(dirname(chunk.fileName), source) : undefined;
    return [{ node, file }];
  });
}

/** Text edits applied from the end, so that earlier offsets stay true. */
function edit(code: string, edits: Array<{ start: number; end: number; text: string }>): string {
  return edits.sort((a, b) => b.start - a.start).reduce((out, e) => out.slice(0, e.start) + e.text + out.slice(e.end), code);
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const hash8 = (text: string) => createHash('sha256').update(text).digest('base64url').slice(0, 8);
const withHash = (fileName: string, hash: string) => fileName.replace(/-[\w-]{8}\.js$/, `-${hash}.js`);
const relativeImport = (from: string, to: string) => `./${posix.relative(dirname(from), to)}`;

type Emit = (fileName: string, source: string) => void;

function foldRuntime(bundle: Bundle, hostName: string, emit: Emit): void {
  const chunks = Object.values(bundle).filter(isChunk);
  const runtime = chunks.find((c) => c.name === RUNTIME_CHUNK && !c.isEntry);
  if (!runtime) return;
  const host = chunks.find((c) => c.name === hostName && !c.isEntry);
  if (!host) throw new Error(`fold-small-chunks: no chunk named "${hostName}" to take rolldown's runtime`);
  // The runtime must run before anything that imports it: the host may import nothing else, or an import cycle
  // could run a chunk's helpers calls before the host had defined them.
  const hostImports = host.imports.filter((file) => file !== runtime.fileName);
  if (hostImports.length) throw new Error(`fold-small-chunks: "${hostName}" imports ${hostImports.join(', ')}, so it cannot carry the runtime`);

  // The runtime: plain declarations and one `export { local as name, … }`.
  const exportsOf = new Map<string, string>();
  const runtimeEdits = [];
  for (const { node } of moduleStatements(runtime)) {
    if (node.type !== 'ExportNamedDeclaration' || node.declaration || node.source) throw new Error(`fold-small-chunks: rolldown's runtime has an unexpected ${node.type}`);
    for (const s of node.specifiers) {
      if (s.local.type !== 'Identifier' || s.exported.type !== 'Identifier') throw new Error('fold-small-chunks: a runtime export is not a plain name');
      exportsOf.set(s.exported.name, s.local.name);
    }
    runtimeEdits.push({ start: node.start, end: node.end, text: '' });
  }
  const names = [...exportsOf.keys()];
  const body = edit(runtime.code, runtimeEdits).trim();
  // In the host, in place of its import: the runtime in a function scope (its names cannot meet the host's), its
  // helpers as module constants under names no minifier writes, exported for every other chunk.
  const prelude = `const{${names.map((n) => `${n}:${helper(n)}`).join(',')}}=(()=>{${body}\nreturn{${names.map((n) => `${n}:${exportsOf.get(n)}`).join(',')}}})();`;

  // Every chunk but the runtime gets a new name: the host's content changed, and every other chunk may name the
  // host (or a chunk that does) where it named the runtime. A name's hash covers the old name (its content) and
  // the host's new name (the runtime's and React's content), so an unchanged release keeps its file names.
  const renamed = new Map<string, string>();
  const hostFile = withHash(host.fileName, hash8(`${host.fileName}|${FOLD_VERSION}`));
  renamed.set(host.fileName, hostFile);
  for (const chunk of chunks) if (chunk !== runtime && chunk !== host) renamed.set(chunk.fileName, withHash(chunk.fileName, hash8(`${chunk.fileName}|${hostFile}`)));

  for (const chunk of chunks) {
    if (chunk === runtime) continue;
    const newName = renamed.get(chunk.fileName)!;
    const edits = [];
    for (const { node, file } of moduleStatements(chunk)) {
      if (file !== runtime.fileName) continue;
      if (node.type !== 'ImportDeclaration') throw new Error(`fold-small-chunks: ${chunk.fileName} re-exports the runtime`);
      const bindings = node.specifiers.map((s) => {
        if (s.type !== 'ImportSpecifier' || s.imported.type !== 'Identifier') throw new Error(`fold-small-chunks: ${chunk.fileName} imports the runtime as a namespace`);
        if (!exportsOf.has(s.imported.name)) throw new Error(`fold-small-chunks: the runtime has no export "${s.imported.name}"`);
        return { imported: s.imported.name, local: s.local.name };
      });
      const text = chunk === host
        ? prelude + bindings.map((b) => `const ${b.local}=${helper(b.imported)};`).join('')
        : bindings.length
          ? `import{${bindings.map((b) => `${helper(b.imported)} as ${b.local}`).join(',')}}from${JSON.stringify(relativeImport(newName, hostFile))};`
          : `import${JSON.stringify(relativeImport(newName, hostFile))};`;
      edits.push({ start: node.start, end: node.end, text });
    }
    chunk.code = edit(chunk.code, edits);
    if (chunk === host) chunk.code += `\nexport{${names.map(helper).join(',')}};`;
  }
  delete bundle[runtime.fileName];
  renameFiles(bundle, renamed, runtime.fileName, host.fileName, emit);
}

/**
 * Moves each renamed chunk to its new name and writes the new names wherever the old ones stood: in chunks
 * (imports, Vite's preload lists), in the HTML and in the manifest. A file that is gone (`removed`) is replaced
 * by `into` where it is named as a dependency, and its preload link leaves the HTML.
 */
function renameFiles(bundle: Bundle, renamed: Map<string, string>, removed: string, into: string, emit: Emit): void {
  const base = (file: string) => posix.basename(file);
  const pattern = new RegExp([...renamed.keys(), removed].map((file) => escapeRegExp(base(file))).join('|'), 'g');
  const byBase = new Map([...renamed].map(([from, to]) => [base(from), base(to)]));
  byBase.set(base(removed), base(renamed.get(into)!));
  const rewrite = (text: string) => text.replace(pattern, (match) => byBase.get(match)!);

  for (const file of Object.values(bundle)) {
    if (isChunk(file)) {
      file.code = rewrite(file.code);
    } else if (typeof file.source === 'string' && file.fileName.endsWith('.html')) {
      const withoutPreload = file.source.replace(new RegExp(`\\s*<link rel="modulepreload"[^>]*/${escapeRegExp(base(removed))}">`), '');
      file.source = rewrite(withoutPreload);
    }
  }
  editManifest(bundle, (manifest) => JSON.parse(rewrite(JSON.stringify(manifestWithout(manifest, removed, into)))) as Manifest);
  for (const [from, to] of renamed) {
    const chunk = bundle[from] as Chunk;
    delete bundle[from];
    emit(to, chunk.code);
  }
}

type Manifest = Record<string, { file: string; imports?: string[]; dynamicImports?: string[] }>;

/** Vite's manifest, when the build writes one, changed by `change`. */
function editManifest(bundle: Bundle, change: (manifest: Manifest) => Manifest): void {
  for (const file of Object.values(bundle)) {
    if (file.type === 'asset' && file.fileName.endsWith('manifest.json') && typeof file.source === 'string') file.source = JSON.stringify(change(JSON.parse(file.source) as Manifest), null, 2);
  }
}

/** Vite's manifest without the entry of a file that is gone; the chunks that imported it import `into`, if given. */
function manifestWithout(manifest: Manifest, removed: string, into?: string): Manifest {
  const keyOf = (file: string) => Object.keys(manifest).find((key) => manifest[key].file === file);
  const gone = keyOf(removed);
  const replacement = into === undefined ? undefined : keyOf(into);
  const out: Manifest = {};
  for (const [key, entry] of Object.entries(manifest)) {
    if (key === gone) continue;
    const imports = entry.imports && [...new Set(entry.imports.map((k) => (k === gone ? replacement : k)))].filter((k): k is string => k !== undefined && k !== key);
    out[key] = imports ? { ...entry, imports } : entry;
  }
  return out;
}

/**
 * An HTML entry whose chunk only imports the app chunk and calls its start is written into the HTML as an inline
 * module (with its imports made absolute): the browser asks for the app chunk, which the HTML already preloads,
 * without a request for the 42-byte file in between.
 */
function inlineEntryFacades(bundle: Bundle, base: string): void {
  for (const chunk of Object.values(bundle).filter(isChunk)) {
    if (!chunk.isEntry || chunk.isDynamicEntry || chunk.code.length > FACADE_MAX_BYTES) continue;
    const { program } = parseSync(chunk.fileName, chunk.code, { sourceType: 'module' });
    const facade = program.body.every((node) => node.type === 'ImportDeclaration' || (node.type === 'ExpressionStatement' && node.expression.type === 'CallExpression'));
    if (!facade) continue;
    const edits = program.body.flatMap((node) => (node.type === 'ImportDeclaration' && typeof node.source.value === 'string' && node.source.value.startsWith('.')
      ? [{ start: node.source.start, end: node.source.end, text: JSON.stringify(base + posix.join(dirname(chunk.fileName), node.source.value)) }]
      : []));
    const inline = edit(chunk.code, edits).trim().replace(/<\/script/gi, '<\\/script');
    const tag = new RegExp(`<script type="module" crossorigin src="${escapeRegExp(base + chunk.fileName)}"></script>`);
    let used = false;
    for (const html of Object.values(bundle)) {
      if (html.type !== 'asset' || !html.fileName.endsWith('.html') || typeof html.source !== 'string' || !tag.test(html.source)) continue;
      html.source = html.source.replace(tag, `<script type="module">${inline}</script>`);
      used = true;
    }
    if (!used) continue;
    delete bundle[chunk.fileName];
    editManifest(bundle, (manifest) => manifestWithout(manifest, chunk.fileName));
  }
}
