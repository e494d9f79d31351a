// Prerenders the public pages at build time (decision 061): each is rendered to HTML by React's own server
// renderer (react-dom/server, src/web/server-render.tsx), signed out, with a placeholder public configuration.
// The page's HTML is written to dist/web/prerender/<name>.html with the stylesheet inlined; the server fills
// in the real configuration when it sends it (src/server/http/prerendered.ts) and the app hydrates it
// (src/web/main.tsx). No browser is involved.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = new URL('..', import.meta.url).pathname;

/** The pages a visitor may land on signed out, and the file each is written to. */
// A page whose own data the build cannot have (offers, packages, a booking) is its loading state, the frame
// every visit of it shares; `/tracking` with a booking gets that shell, without one its message.
export const PRERENDERED_PAGES = [
  { path: '/', file: 'index.html' },
  { path: '/auth', file: 'auth.html' },
  { path: '/sww-offer', file: 'sww-offer.html' },
  { path: '/packages', file: 'packages.html' },
  { path: '/tracking', file: 'tracking.html' },
  { path: '/tracking?bookingId=prerendered', file: 'tracking-shell.html' },
];

/**
 * Placeholder configuration: the server replaces each of these strings with the real value (HTML-escaped).
 * The phone is digits only, so that `tel:` links built from it keep it whole.
 */
export const CONFIG_PLACEHOLDERS = {
  businessName: '@@glint-businessName@@',
  businessCity: '@@glint-businessCity@@',
  businessPhone: '+19990001234',
  businessEmail: '@@glint-businessEmail@@',
  businessAddress: '@@glint-businessAddress@@',
  adminEmail: '@@glint-adminEmail@@',
};

/** The stylesheet inlined in place of its link, so the first paint needs nothing but the HTML. */
function inlineStyles(html, dir) {
  return html.replace(/<link rel="stylesheet" crossorigin href="(\/assets\/[^"]+\.css)">/g, (_tag, href) => {
    const css = readFileSync(join(dir, href), 'utf8').replace(/<\/style/gi, '<\\/style');
    return `<style data-href="${href}">${css}</style>`;
  });
}

/** A prerendered page is sent only without a session: the boot requests (session, services) are not needed. */
function withoutBoot(html) {
  return html.replace(/<script id="glint-boot">[\s\S]*?<\/script>\s*/, '');
}

/**
 * index.html plus modulepreload links for a lazy module and the chunks it imports (from Vite's manifest):
 * `/` for a signed-in customer fetches the booking start with the app's own scripts, not after them.
 */
function withModulePreloads(html, dir, source) {
  const manifest = JSON.parse(readFileSync(join(dir, '.vite/manifest.json'), 'utf8'));
  const key = Object.keys(manifest).find((k) => k.endsWith(source));
  if (!key) throw new Error(`${source} is not in the build manifest`);
  const files = new Set();
  const visit = (k) => {
    const chunk = manifest[k];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const child of chunk.imports ?? []) visit(child);
  };
  visit(key);
  const links = [...files].filter((file) => !html.includes(`/${file}"`)).map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
  return html.replace('</head>', `  ${links.join('\n    ')}\n  </head>`);
}

/**
 * A prerendered page paints from its HTML alone, so its scripts are asked for once it has painted (decision
 * 076): the entry and the chunks it preloads leave the head, and a script at the end of the body adds them
 * when the browser reports the first contentful paint (a `paint` PerformanceObserver; two frames where there is
 * none), or after 300 ms where no paint comes (a tab opened in the background). On a slow network the HTML no longer shares the line with 115 KB of scripts before its first
 * paint; on a fast one hydration starts a frame later. The chunks still load in one round, in parallel.
 */
export function scriptsAfterFirstPaint(html) {
  // The entry is a module script in the head: inline (the build folds its facade into the HTML, decision 078) or
  // by its file; the loader runs the same module code either way.
  const entry = /\s*<script type="module">([\s\S]*?)<\/script>/.exec(html) ?? /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(html);
  if (!entry) throw new Error('index.html has no module entry script');
  const entryCode = entry[0].includes(' src="') ? `import ${JSON.stringify(entry[1])};` : entry[1];
  const preloads = [...html.matchAll(/\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g)];
  let page = html.replace(entry[0], '');
  for (const link of preloads) page = page.replace(link[0], '');
  const loader = `<script>
      (function (entry, preloads) {
        var started = false;
        function start() {
          if (started) return;
          started = true;
          preloads.forEach(function (href) {
            var link = document.createElement('link');
            link.rel = 'modulepreload';
            link.crossOrigin = '';
            link.href = href;
            document.head.appendChild(link);
          });
          var script = document.createElement('script');
          script.type = 'module';
          script.textContent = entry;
          document.head.appendChild(script);
        }
        var types = (window.PerformanceObserver && PerformanceObserver.supportedEntryTypes) || [];
        if (types.indexOf('paint') >= 0) {
          new PerformanceObserver(function (list, observer) {
            if (!list.getEntriesByName('first-contentful-paint').length) return;
            observer.disconnect();
            start();
          }).observe({ type: 'paint', buffered: true });
        } else requestAnimationFrame(function () { requestAnimationFrame(start); });
        setTimeout(start, 300);
      })(${JSON.stringify(entryCode).replace(/<\//g, '<\\/')}, ${JSON.stringify(preloads.map((link) => link[1]))});
    </script>
  </body>`;
  return page.replace('</body>', loader);
}

/**
 * Until the app has hydrated the page, a form submitted (Enter in a field, a tap on its button) is held off:
 * the browser's own submission would put the fields in the URL. What was typed stays in the fields, which
 * React hydrates as they are. A form marked data-submit-early carries nothing typed and goes (Continue as Guest).
 */
const SUBMIT_GUARD = `<script>
      document.addEventListener('submit', function (event) {
        if (!document.getElementById('root').hasAttribute('data-hydrated') && !event.target.hasAttribute('data-submit-early')) event.preventDefault();
      }, true);
    </script>
  </head>`;

/**
 * The server renderer (src/web/server-render.tsx) built by Vite as a Node module into a folder beside `dir`,
 * and imported from there.
 */
async function loadRenderer(dir) {
  const out = `${dir.replace(/\/$/, '')}-ssr`;
  const { build } = await import('vite');
  await build({
    configFile: join(root, 'vite.config.ts'),
    logLevel: 'warn',
    build: { ssr: 'server-render.tsx', outDir: out, emptyOutDir: true, manifest: false, copyPublicDir: false },
  });
  return { ...(await import(pathToFileURL(join(out, 'server-render.js')).href)), out };
}

/** Writes dist/web/prerender/*.html: each public page rendered by React's server renderer (no browser). */
export async function prerender(dir) {
  const template = readFileSync(join(dir, 'index.html'), 'utf8');
  // The build has no API: a page's own data never arrives, so a page that waits for it renders its loading state.
  const realFetch = globalThis.fetch;
  globalThis.fetch = () => new Promise(() => {});
  const { renderPage, out } = await loadRenderer(dir);
  try {
    mkdirSync(join(dir, 'prerender'), { recursive: true });
    const page = scriptsAfterFirstPaint(withoutBoot(inlineStyles(template, dir)).replace('</head>', SUBMIT_GUARD));
    const config = { ...CONFIG_PLACEHOLDERS, payments: { provider: 'test', publishableKey: null }, maps: 'osm', isProduction: true };
    for (const { path, file } of PRERENDERED_PAGES) {
      const body = await renderPage(path, config);
      writeFileSync(join(dir, 'prerender', file), page.replace('<div id="root"></div>', `<div id="root" data-prerendered="${path}">${body}</div>`));
    }
    writeFileSync(join(dir, 'prerender', 'placeholders.json'), JSON.stringify(CONFIG_PLACEHOLDERS));
    writeFileSync(join(dir, 'prerender', 'signed-in-home.html'), withModulePreloads(template, dir, 'features/booking/components/booking-start.tsx'));
  } finally {
    globalThis.fetch = realFetch;
    rmSync(out, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await prerender(process.argv[2] ?? join(root, process.env.WEB_DIST_DIR ?? 'dist/web'));
  process.exit(0);
}
