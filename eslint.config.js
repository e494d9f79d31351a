// ESLint for the whole tree: typescript-eslint's recommended rules, React's hook rules for the web, and the
// import boundaries of docs/ARCHITECTURE.md (src/shared ← server, web; web: app → features → lib, components;
// server features only through each other's index.ts).
import path from 'node:path';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const root = import.meta.dirname;

/** Where an import points inside the repository (aliases and relative paths), or null for a package. */
function resolveImport(fromFile, specifier) {
  if (specifier.startsWith('@shared/') || specifier === '@shared') return path.join(root, 'src/shared', specifier.slice('@shared'.length));
  if (specifier.startsWith('@web/') || specifier === '@web') return path.join(root, 'src/web', specifier.slice('@web'.length));
  if (specifier.startsWith('.')) return path.resolve(path.dirname(fromFile), specifier);
  return null;
}

/** The layer a file belongs to: 'shared', 'server', 'web:app', 'web:feature:<name>', 'web:lib', 'web:components', 'web', or null. */
function layerOf(file) {
  const rel = path.relative(root, file).split(path.sep).join('/');
  if (rel.startsWith('src/shared/') || rel === 'src/shared') return 'shared';
  if (rel.startsWith('src/server/') || rel === 'src/server') return 'server';
  const feature = /^src\/web\/features\/([^/]+)/.exec(rel);
  if (feature) return `web:feature:${feature[1]}`;
  if (rel.startsWith('src/web/app/') || rel === 'src/web/app') return 'web:app';
  if (rel.startsWith('src/web/lib/') || rel === 'src/web/lib') return 'web:lib';
  if (rel.startsWith('src/web/components/') || rel === 'src/web/components') return 'web:components';
  if (rel.startsWith('src/web/') || rel === 'src/web') return 'web';
  return null;
}

/** Why `from` may not import `to`, or null when it may. */
function boundaryViolation(from, to) {
  if (!from || !to || from === to) return null;
  if (from === 'shared' && to !== 'shared') return 'src/shared imports nothing from the server or the web';
  if (from.startsWith('web') && to === 'server') return 'the web never imports src/server';
  if (from === 'server' && to.startsWith('web')) return 'the server never imports src/web';
  if (from.startsWith('web:feature:') && to.startsWith('web:feature:')) return 'a feature never imports another feature (compose them in src/web/app, or move the shared piece to lib/ or components/)';
  if (from.startsWith('web:feature:') && to === 'web:app') return 'a feature never imports the app layer';
  if ((from === 'web:lib' || from === 'web:components') && (to.startsWith('web:feature:') || to === 'web:app')) return 'lib/ and components/ never import features or the app layer';
  return null;
}

/**
 * Server features (docs/decisions/033-feature-faces.md): each folder directly under src/server/features is one
 * feature, sub-folders included (admin/* is one feature, the back office). A feature's index.ts is its face:
 * what other features may use. Another feature, or the route registry (src/server/features/index.ts), imports
 * only that face; a feature's own files (its tests too) import each other freely. The rest of src/server (app,
 * http, jobs, ws, db, test) is the platform the features stand on and is not checked here.
 */
const SERVER_FEATURES = path.join(root, 'src/server/features');

/** The server feature a file or an import target belongs to (a face is imported as the folder), or null. */
function serverFeatureOf(file) {
  const [first] = path.relative(SERVER_FEATURES, file).split(path.sep);
  return first && first !== '..' && !path.isAbsolute(first) && !/^index(\.[jt]s)?$/.test(first) ? first : null;
}

/** Why `fromFile` may not import `target` (both absolute paths), or null when it may. */
function serverFeatureViolation(fromFile, target) {
  const to = serverFeatureOf(target);
  if (!to) return null;
  const from = serverFeatureOf(fromFile);
  if (from === to) return null;
  const inFeatures = from !== null || path.dirname(fromFile) === SERVER_FEATURES;
  if (!inFeatures) return null;
  const face = path.join(SERVER_FEATURES, to);
  if (target === face || target.replace(/\.(ts|js)$/, '') === path.join(face, 'index')) return null;
  return `a server feature uses another feature only through its face (src/server/features/${to}/index.ts); export what is needed there`;
}

/** The route declarations: web/lib/api.ts types its client from them, as types only (docs/decisions/011-declared-contract.md). */
const DECLARATIONS = path.join(root, 'src/server/features');

const boundaries = {
  meta: { type: 'problem', docs: { description: 'Import boundaries between src/shared, src/server and the layers of src/web, and between server features' }, schema: [] },
  create(context) {
    const from = layerOf(context.filename);
    const check = (node, typeOnly = false) => {
      if (!node || node.type !== 'Literal' || typeof node.value !== 'string') return;
      const target = resolveImport(context.filename, node.value);
      if (typeOnly && from === 'web:lib' && target?.replace(/(\/index)?\.ts$/, '') === DECLARATIONS) return;
      const why = target && (boundaryViolation(from, layerOf(target)) ?? serverFeatureViolation(context.filename, target));
      if (why) context.report({ node, message: `'${node.value}' crosses a boundary: ${why}.` });
    };
    return {
      ImportDeclaration: (node) => check(node.source, node.importKind === 'type'),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', '.test-data/**', 'test-results/**', 'playwright-report/**', 'src/server/db/migrations/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.node } },
    plugins: { glint: { rules: { boundaries } } },
    rules: {
      'glint/boundaries': 'error',
      // `_`-prefixed names are deliberately unused (a required parameter, a discarded destructured field).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.flat.recommended.rules,
      // These two guard code for the React Compiler, which this app does not use; here they flag deliberate
      // idioms: the "latest value" ref written during render, and a dialog resetting its form when it opens.
      'react-hooks/refs': 'off',
      'react-hooks/set-state-in-effect': 'off',
      // The shared schemas are classic Zod (for the server's declarations); a value import pulls Zod into a
      // web chunk and, through the shared core chunk, into the first load of /. Types are free; the sign-in
      // forms' zod/mini schemas (schemas/auth, schemas/sign-in) are the one exception (decision 008).
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(@shared|(\\.\\./)+shared)/schemas/(?!(auth|sign-in)$)',
              allowTypeImports: true,
              message: 'Import only types from the shared schemas in the web (classic Zod must not reach the bundle); move a value the web needs into a Zod-free module of src/shared.',
            },
            { group: ['zod', 'zod/v4', 'zod/v4/*'], allowTypeImports: true, message: 'The web uses zod/mini only (decision 008).' },
            { group: ['sonner'], allowTypeImports: true, message: "Import toast from '@web/lib/toast': sonner loads with the first toast (decision 019)." },
          ],
        },
      ],
    },
  },
  {
    // The one place sonner itself is loaded (lazily): the toast facade and its host.
    files: ['src/web/lib/toast.ts', 'src/web/components/layout/toast-host.tsx'],
    rules: { '@typescript-eslint/no-restricted-imports': 'off' },
  },
  {
    // A list of jobs with different payloads can only be typed JobDefinition<any>[] (the handler is contravariant).
    files: ['src/server/jobs/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
