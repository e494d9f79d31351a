import { describe, expect, it } from 'vitest';
import { fittedSize } from './resize-photo';

describe('a camera photo is made small before upload', () => {
  it('brings the longest side down to 1600 px, keeping the shape', () => {
    expect(fittedSize(4032, 3024)).toEqual({ width: 1600, height: 1200 });
    expect(fittedSize(3024, 4032)).toEqual({ width: 1200, height: 1600 });
  });

  it('never enlarges a small photo', () => {
    expect(fittedSize(800, 600)).toEqual({ width: 800, height: 600 });
  });
});
