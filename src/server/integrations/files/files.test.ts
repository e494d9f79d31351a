import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { createFileStore } from '.';
import { localFileStore } from './local';
import { s3FileStore } from './s3';

describe('the local file store', () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'glint-files-'));
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('keeps bytes under its root by key, reads them back, and forgets them on delete', async () => {
    const store = localFileStore(root);
    await store.put('inspections/b1/photo.jpg', Buffer.from('jpeg bytes'), 'image/jpeg');
    expect((await store.get('inspections/b1/photo.jpg'))?.toString()).toBe('jpeg bytes');
    expect(await readdir(join(root, 'inspections/b1'))).toEqual(['photo.jpg']);
    await store.delete('inspections/b1/photo.jpg');
    expect(await store.get('inspections/b1/photo.jpg')).toBeNull();
  });

  it('refuses a key that could leave its root', async () => {
    const store = localFileStore(root);
    await expect(store.put('../escape.jpg', Buffer.from('x'), 'image/jpeg')).rejects.toThrow(/Unsafe file key/);
    await expect(store.get('inspections/../../etc/passwd')).rejects.toThrow(/Unsafe file key/);
  });

  it('is DATA_DIR/uploads unless S3_BUCKET is set', () => {
    expect(createFileStore(loadConfig({ DATA_DIR: root })).name).toBe('local');
    expect(createFileStore(loadConfig({ DATA_DIR: root, S3_BUCKET: 'glint', S3_ENDPOINT: 'http://127.0.0.1:9' })).name).toBe('s3');
  });

  it('refuses half a pair of S3 keys at start-up', () => {
    expect(() => loadConfig({ S3_BUCKET: 'glint', S3_ACCESS_KEY_ID: 'AKIA' })).toThrow(/S3_ACCESS_KEY_ID/);
  });
});

/** A stand-in S3 endpoint on this machine: records each request and answers as S3 does. */
describe('the S3-compatible file store', () => {
  let server: Server;
  let endpoint: string;
  const seen: Array<{ method: string; url: string; headers: IncomingMessage['headers']; body: Buffer }> = [];
  const objects = new Map<string, Buffer>();

  beforeAll(async () => {
    server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const body = Buffer.concat(chunks);
        const path = decodeURIComponent(new URL(request.url!, 'http://x').pathname);
        seen.push({ method: request.method!, url: request.url!, headers: request.headers, body });
        if (request.method === 'PUT') {
          objects.set(path, body);
          response.writeHead(200, { etag: '"e"' }).end();
        } else if (request.method === 'GET' && objects.has(path)) {
          response.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': String(objects.get(path)!.length) }).end(objects.get(path));
        } else if (request.method === 'GET') {
          response.writeHead(404, { 'content-type': 'application/xml' }).end('<?xml version="1.0"?><Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message></Error>');
        } else if (request.method === 'DELETE') {
          objects.delete(path);
          response.writeHead(204).end();
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('puts, gets and deletes objects with signed path-style requests under its prefix', async () => {
    const config = loadConfig({ S3_BUCKET: 'glint-files', S3_ENDPOINT: endpoint, S3_REGION: 'us-west-2', S3_ACCESS_KEY_ID: 'AKIDTEST', S3_SECRET_ACCESS_KEY: 'secret-test', S3_PREFIX: 'prod' });
    const store = s3FileStore(config.s3!);
    const bytes = Buffer.from([0xff, 0xd8, 0xff, 0x00, 0x01]);
    await store.put('inspections/b1/p1.jpg', bytes, 'image/jpeg');
    const put = seen.at(-1)!;
    expect(put.method).toBe('PUT');
    expect(put.url.split('?')[0]).toBe('/glint-files/prod/inspections/b1/p1.jpg');
    expect(put.headers['content-type']).toBe('image/jpeg');
    expect(put.headers['content-length']).toBe(String(bytes.length));
    expect(put.headers.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIDTEST\/\d{8}\/us-west-2\/s3\/aws4_request, SignedHeaders=[^,]*host[^,]*, Signature=[0-9a-f]{64}$/);
    expect(put.headers['x-amz-content-sha256']).toBeTruthy();
    expect(put.body.equals(bytes)).toBe(true);

    expect((await store.get('inspections/b1/p1.jpg'))?.equals(bytes)).toBe(true);
    expect(seen.at(-1)).toMatchObject({ method: 'GET' });
    expect(await store.get('inspections/b1/missing.jpg')).toBeNull();

    await store.delete('inspections/b1/p1.jpg');
    expect(seen.at(-1)!.method).toBe('DELETE');
    expect(seen.at(-1)!.url.split('?')[0]).toBe('/glint-files/prod/inspections/b1/p1.jpg');
    expect(objects.size).toBe(0);
  });
});
