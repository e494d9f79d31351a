import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { encodedPage, fillPlaceholders, loadPrerenderedPages } from './prerendered';

const placeholders = { businessName: '@@glint-businessName@@', businessPhone: '+19990001234' };
const config = { businessName: 'Shine & <Co>', businessPhone: '(408) 555-0100', maps: 'osm' };
const page = (text: string) => `<html><head><title>t</title></head><body><div id="root">${text}</div></body></html>`;

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function distWith(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'glint-prerender-'));
  dirs.push(dir);
  mkdirSync(join(dir, 'prerender'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, 'prerender', name), text);
  return dir;
}

describe('prerendered public pages', () => {
  it('fill the build placeholders with the escaped configuration, tel: links with digits, and carry the configuration', () => {
    const html = fillPlaceholders(page('<a href="tel:+19990001234">@@glint-businessName@@: +19990001234</a>'), placeholders, config);
    expect(html).toContain('<a href="tel:4085550100">Shine &amp; &lt;Co&gt;: (408) 555-0100</a>');
    expect(html).not.toContain('@@glint-');
    const json = /<script type="application\/json" id="glint-config">(.*)<\/script>/.exec(html)?.[1];
    expect(json).not.toContain('<');
    expect(JSON.parse(json!)).toEqual(config);
  });

  it('go to visitors only: a session gets index.html, and on / the page that preloads the booking start', () => {
    const dir = distWith({
      'placeholders.json': JSON.stringify(placeholders),
      'index.html': page('home @@glint-businessName@@'),
      'auth.html': page('auth'),
      'sww-offer.html': page('offer'),
      'tracking.html': page('no booking'),
      'tracking-shell.html': page('tracking shell'),
      'signed-in-home.html': page('booking start preloads'),
    });
    const pages = loadPrerenderedPages(dir, config);
    const none = new URLSearchParams();
    expect(pages.pick('/', none, false)?.html).toContain('home Shine &amp; &lt;Co&gt;');
    expect(pages.pick('/auth', none, false)?.html).toContain('auth');
    expect(pages.pick('/sww-offer', none, false)?.html).toContain('offer');
    expect(pages.pick('/tracking', none, false)?.html).toContain('no booking');
    expect(pages.pick('/tracking', new URLSearchParams('bookingId=b1&token=t'), false)?.html).toContain('tracking shell');
    expect(pages.pick('/bookings', none, false)).toBeUndefined();
    expect(pages.pick('/', none, true)?.html).toContain('booking start preloads');
    expect(pages.pick('/auth', none, true)).toBeUndefined();
    expect(pages.pick('/tracking', none, true)).toBeUndefined();
  });

  it('are sent brotli or gzip as the browser accepts, the same bytes each time', () => {
    const dir = distWith({ 'placeholders.json': JSON.stringify(placeholders), 'index.html': page('home') });
    const home = loadPrerenderedPages(dir, config).pick('/', new URLSearchParams(), false)!;
    const br = encodedPage(home, 'gzip, deflate, br');
    expect(br.encoding).toBe('br');
    expect(brotliDecompressSync(br.body as Buffer).toString()).toBe(home.html);
    expect(encodedPage(home, 'br').body).toBe(br.body);
    expect(gunzipSync(encodedPage(home, 'gzip').body as Buffer).toString()).toBe(home.html);
    expect(encodedPage(home, undefined)).toEqual({ body: home.html });
  });

  it('are none when the build has no prerendered pages (no Chromium at build time)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'glint-prerender-'));
    dirs.push(dir);
    expect(loadPrerenderedPages(dir, config).pick('/', new URLSearchParams(), false)).toBeUndefined();
  });
});
