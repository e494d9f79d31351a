import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { createTestApp, type TestApp } from '../test/harness';

/** Repeat visits: a tiny build of our own (dist/web may be absent in tests), served the way production serves it. */
let t: TestApp;
let web: FastifyInstance;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'glint-web-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><script type="module" src="/assets/index-Ab12Cd34.js"></script>');
  const script = 'console.log("hello");'.repeat(20);
  writeFileSync(join(dir, 'assets', 'index-Ab12Cd34.js'), script);
  writeFileSync(join(dir, 'assets', 'index-Ab12Cd34.js.br'), brotliCompressSync(script));
  writeFileSync(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  t = await createTestApp();
  web = (await buildApp({ config: t.config, handle: t.handle, serveWeb: true, webDir: dir })).app;
  await web.ready();
});
afterAll(async () => {
  await web?.close();
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('cache headers of the built web app', () => {
  it('keeps hashed assets a year, immutable, compressed or not', async () => {
    for (const encoding of ['br', 'identity']) {
      const response = await web.inject({ method: 'GET', url: '/assets/index-Ab12Cd34.js', headers: { 'accept-encoding': encoding } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      if (encoding === 'br') expect(response.headers['content-encoding']).toBe('br');
    }
  });

  it('answers HEAD for a file, and 404 for a file the build does not have', async () => {
    const head = await web.inject({ method: 'HEAD', url: '/assets/index-Ab12Cd34.js' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(head.body).toBe('');
    expect((await web.inject({ method: 'GET', url: '/assets/index-Gone0000.js' })).statusCode).toBe(404);
  });

  it('revalidates index.html on every visit, for / and for any client route', async () => {
    for (const url of ['/', '/booking/123', '/auth?next=%2F']) {
      const response = await web.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('gives other files an hour, and API answers no static header', async () => {
    expect((await web.inject({ method: 'GET', url: '/favicon.svg' })).headers['cache-control']).toBe('public, max-age=3600');
    expect((await web.inject({ method: 'GET', url: '/api/health' })).headers['cache-control']).toBeUndefined();
  });
});
