import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { drawAll, imagesDir } from './make-demo-images';

describe('the demo store images', () => {
  const drawings = drawAll();

  it('are in sync with the catalog and the generator (run npx tsx scripts/make-demo-images.ts)', () => {
    expect(drawings.size).toBeGreaterThan(150);
    for (const [rel, content] of drawings) {
      const file = path.join(imagesDir, rel);
      expect(fs.existsSync(file), rel).toBe(true);
      expect(fs.readFileSync(file, 'utf8'), rel).toBe(content);
    }
  });

  it('are small, self-contained SVG files that load nothing from elsewhere', () => {
    for (const [rel, content] of drawings) {
      expect(content.length, rel).toBeLessThan(8_000);
      expect(content, rel).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="[\d. -]+" width="\d+" height="\d+" role="img" aria-label="[^"]+">/);
      expect(content, rel).not.toMatch(/<script|<image|<foreignObject|href="(?!#)/);
    }
  });
});
