/**
 * The public pages prerendered at build time (scripts/prerender.mjs, decision 061), filled in with this
 * server's public configuration and sent compressed. A request with a session cookie never gets one (they
 * are signed-out pages): it gets index.html, and `/` the variant that preloads the booking start.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export interface PublicPage {
  html: string;
  /** Compressed copies, made on first use. */
  br?: Buffer;
  gzip?: Buffer;
}

export interface PrerenderedPages {
  /** The page to send for this path and query, or undefined for plain index.html. */
  pick(path: string, query: URLSearchParams, signedIn: boolean): PublicPage | undefined;
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Every placeholder of the build replaced by the real value (HTML-escaped), and the configuration beside it. */
export function fillPlaceholders(html: string, placeholders: Record<string, string>, config: Record<string, unknown>): string {
  let out = html;
  for (const [key, placeholder] of Object.entries(placeholders)) {
    const value = String(config[key] ?? '');
    out = out.split(`tel:${placeholder}`).join(`tel:${escapeHtml(value.replace(/[^\d+]/g, ''))}`);
    out = out.split(placeholder).join(escapeHtml(value));
  }
  const json = JSON.stringify(config).replace(/</g, '\\u003c');
  return out.replace('</head>', `  <script type="application/json" id="glint-config">${json}</script>\n  </head>`);
}

export function loadPrerenderedPages(webDistDir: string, config: Record<string, unknown>): PrerenderedPages {
  const dir = join(webDistDir, 'prerender');
  const read = (file: string): PublicPage | undefined => (existsSync(join(dir, file)) ? { html: readFileSync(join(dir, file), 'utf8') } : undefined);
  const placeholders = existsSync(join(dir, 'placeholders.json')) ? (JSON.parse(readFileSync(join(dir, 'placeholders.json'), 'utf8')) as Record<string, string>) : undefined;
  const filled = (file: string): PublicPage | undefined => {
    const page = placeholders && read(file);
    return page && { html: fillPlaceholders(page.html, placeholders, config) };
  };
  const visitor: Record<string, PublicPage | undefined> = {
    '/': filled('index.html'),
    '/auth': filled('auth.html'),
    '/sww-offer': filled('sww-offer.html'),
    '/packages': filled('packages.html'),
    '/tracking': filled('tracking.html'),
    '/tracking?shell': filled('tracking-shell.html'),
  };
  const signedInHome = read('signed-in-home.html');
  return {
    pick(path, query, signedIn) {
      if (signedIn) return path === '/' ? signedInHome : undefined;
      if (path === '/tracking' && (query.has('bookingId') || query.has('token'))) return visitor['/tracking?shell'];
      return visitor[path];
    },
  };
}

/** The page's bytes for this Accept-Encoding, compressed once and kept. */
export function encodedPage(page: PublicPage, acceptEncoding: string | undefined): { body: string | Buffer; encoding?: 'br' | 'gzip' } {
  if (acceptEncoding?.includes('br')) {
    page.br ??= brotliCompressSync(page.html, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } });
    return { body: page.br, encoding: 'br' };
  }
  if (acceptEncoding?.includes('gzip')) {
    page.gzip ??= gzipSync(page.html);
    return { body: page.gzip, encoding: 'gzip' };
  }
  return { body: page.html };
}
