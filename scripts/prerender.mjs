/* global document */
// Prerenders the public pages at build time (decision 019): each is rendered by the built app itself in
// headless Chromium, signed out, against a stand-in API that answers the session (none) and a placeholder
// public configuration. The page's HTML is written to dist/web/prerender/<name>.html with the stylesheet
// inlined; the server fills in the real configuration when it sends it (src/server/web/prerendered.ts) and
// the app renders over it on load (src/web/main.tsx).
import { createServer } from 'node:http';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { extname, join, normalize } from 'node:path';

/** The pages a visitor may land on signed out, and the file each is written to. */
// `shell`: the page is captured while its own data is still loading (the stand-in API never answers it), as
// the frame every visit of it shares; `/tracking` with a booking gets that shell, without one its message.
export const PRERENDERED_PAGES = [
  { path: '/', file: 'index.html' },
  { path: '/auth', file: 'auth.html' },
  { path: '/sww-offer', file: 'sww-offer.html', shell: true },
  { path: '/tracking', file: 'tracking.html' },
  { path: '/tracking?bookingId=prerendered', file: 'tracking-shell.html', shell: true },
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

const TYPES = { '.js': 'text/javascript', '.css': 'text/css', '.html': 'text/html', '.svg': 'image/svg+xml', '.json': 'application/json' };

function serve(dir, template) {
  const config = { ...CONFIG_PLACEHOLDERS, payments: { provider: 'test', publishableKey: null }, maps: 'osm', isProduction: true };
  return createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    if (path === '/api/config') return response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(config));
    if (path === '/api/auth/session') return response.writeHead(200, { 'content-type': 'application/json' }).end('{"user":null}');
    if (path.startsWith('/api/offers') || path.startsWith('/api/tracking') || path.startsWith('/api/bookings')) return; // a shell's data: never answered
    if (path.startsWith('/api/')) return response.writeHead(204).end();
    const file = join(dir, normalize(path).replace(/^(\.\.[/\\])+/, ''));
    if (extname(path) && existsSync(file)) return response.writeHead(200, { 'content-type': TYPES[extname(path)] ?? 'application/octet-stream' }).end(readFileSync(file));
    return response.writeHead(200, { 'content-type': 'text/html' }).end(template);
  });
}

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
 * The app's scripts fetched once the prerendered page has painted, not with the HTML (so the first paint
 * waits for nothing), and what a visitor clicks or submits before the app has taken over the page replayed
 * on the same element once it has (main.tsx calls __glintTakeOver).
 */
function scriptsAfterPaint(html) {
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/.exec(html);
  if (!entry) throw new Error('no module script in index.html');
  const preloads = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g)];
  let out = html.replace(entry[0], '');
  for (const link of preloads) out = out.replace(link[0], '');
  const loader = `<script>
      (function () {
        var early = [];
        var root = function () { return document.getElementById('root'); };
        function path(el) {
          var steps = [];
          for (; el && el !== root(); el = el.parentElement) steps.unshift(Array.prototype.indexOf.call(el.parentElement ? el.parentElement.children : [], el));
          return el ? steps : null;
        }
        function hold(event) {
          var steps = window.__glintTakeOver && path(event.target);
          if (!steps) return;
          event.preventDefault();
          event.stopPropagation();
          early.push([event.type, steps]);
        }
        var typed = [];
        document.addEventListener('click', hold, true);
        document.addEventListener('submit', hold, true);
        document.addEventListener('input', function (event) {
          var steps = window.__glintTakeOver && path(event.target);
          if (steps) typed.push([steps, event.target]);
        }, true);
        var at = function (steps) {
          var el = root();
          steps.forEach(function (i) { el = el && el.children[i]; });
          return el;
        };
        // The app renders into a detached root (main.tsx), then calls this once: the prerendered root is
        // swapped for the live one in one step, so no keystroke falls between them. What was typed moves
        // over (as input events the app hears), the focus and caret stay where they were, and clicks and
        // submits held until now are replayed on the same elements.
        window.__glintTakeOver = function (live) {
          window.__glintTakeOver = undefined;
          var old = root();
          var active = document.activeElement;
          var focused = active && active !== old && old.contains(active) ? path(active) : null;
          var caret = null;
          try { caret = focused && active.selectionStart !== null ? [active.selectionStart, active.selectionEnd, active.selectionDirection] : null; } catch (e) { caret = null; }
          live.id = 'root';
          old.replaceWith(live);
          typed.forEach(function (entry) {
            var el = at(entry[0]);
            if (!el || !('value' in el)) return;
            if (el.type === 'checkbox' || el.type === 'radio') el.checked = entry[1].checked;
            else el.value = entry[1].value;
            el.dispatchEvent(new Event('input', { bubbles: true }));
            el.dispatchEvent(new Event('change', { bubbles: true }));
          });
          var refocus = focused && at(focused);
          if (refocus && refocus.focus) {
            refocus.focus();
            try { if (caret) refocus.setSelectionRange(caret[0], caret[1], caret[2]); } catch (e) { /* a field without a caret */ }
          }
          early.forEach(function (held) {
            var el = at(held[1]);
            if (el && held[0] === 'click') el.click();
            else if (el && el.requestSubmit) el.requestSubmit();
          });
        };
        addEventListener('load', function () {
          requestAnimationFrame(function () {
            setTimeout(function () {
              ${JSON.stringify(preloads.map((link) => link[1]))}.forEach(function (href) {
                var link = document.createElement('link');
                link.rel = 'modulepreload';
                link.crossOrigin = '';
                link.href = href;
                document.head.appendChild(link);
              });
              var script = document.createElement('script');
              script.type = 'module';
              script.crossOrigin = '';
              script.src = ${JSON.stringify(entry[1])};
              document.head.appendChild(script);
            });
          });
        });
      })();
    </script>
  </body>`;
  return out.replace('</body>', loader);
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
 * Writes dist/web/prerender/*.html. Returns false (and the server sends plain index.html for every page)
 * when no Chromium is there to render with.
 */
export async function prerender(dir) {
  const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(executablePath)) {
    console.warn(`No Chromium at ${executablePath}: public pages are not prerendered.`);
    return false;
  }
  const { chromium } = await import('@playwright/test');
  const template = readFileSync(join(dir, 'index.html'), 'utf8');
  const server = serve(dir, template);
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${server.address().port}`;
  const browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    mkdirSync(join(dir, 'prerender'), { recursive: true });
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-US' });
    for (const { path, file, shell } of PRERENDERED_PAGES) {
      const page = await context.newPage();
      if (shell) {
        await page.goto(`${base}${path}`, { waitUntil: 'load' });
        // The page's own chunk has rendered (its loading state) once the router has nothing left pending.
        await page.waitForFunction(() => document.querySelector('#root main') !== null, undefined, { timeout: 15_000 });
        await page.waitForTimeout(1500);
      } else {
        await page.goto(`${base}${path}`, { waitUntil: 'networkidle' });
        // The page is done when no spinner is left (a lazy form or a query still loading).
        await page.waitForFunction(() => !document.querySelector('#root .animate-spin'), undefined, { timeout: 15_000 });
      }
      const body = await page.evaluate(() => document.getElementById('root').innerHTML);
      await page.close();
      const html = scriptsAfterPaint(inlineStyles(withoutBoot(template), dir)).replace('<div id="root"></div>', `<div id="root" data-prerendered="${path}">${body}</div>`);
      writeFileSync(join(dir, 'prerender', file), html);
    }
    writeFileSync(join(dir, 'prerender', 'placeholders.json'), JSON.stringify(CONFIG_PLACEHOLDERS));
    writeFileSync(join(dir, 'prerender', 'signed-in-home.html'), withModulePreloads(template, dir, 'features/booking/components/booking-start.tsx'));
    return true;
  } finally {
    await browser.close();
    server.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = process.argv[2] ?? join(new URL('..', import.meta.url).pathname, process.env.WEB_DIST_DIR ?? 'dist/web');
  await prerender(dir);
}
