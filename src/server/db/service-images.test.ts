import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { STANDARD_CATALOGUE } from './catalogue';

const file = (url: string) => readFileSync(new URL(`../../web/public${url}`, import.meta.url));

describe('service artwork', () => {
  it('gives every catalogue service its own SVG, each well-formed and under 20 KB', () => {
    const hashes = new Set<string>();
    for (const service of STANDARD_CATALOGUE) {
      expect(service.imageUrl).toMatch(/^\/images\/services\/[a-z-]+\.svg$/);
      const svg = file(service.imageUrl);
      expect(svg.byteLength, service.imageUrl).toBeLessThan(20 * 1024);
      const text = svg.toString('utf8');
      expect(text.startsWith('<svg xmlns="http://www.w3.org/2000/svg"'), service.imageUrl).toBe(true);
      // A bare & breaks the whole image in a browser (XML), as "Wash & Wax" once did.
      expect(text.replace(/&(amp|lt|gt|quot|apos);/g, '')).not.toContain('&');
      hashes.add(createHash('sha256').update(svg).digest('hex'));
    }
    expect(hashes.size).toBe(STANDARD_CATALOGUE.length);
  });
});
