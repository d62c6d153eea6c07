import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { clientDir, widgetsDir } from '../server/build-output';

function jsFiles(dir: string): string[] {
  return fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.js')).map((f) => path.join(dir, f));
}

describe('browser bundles', () => {
  const files = [...jsFiles(clientDir), ...jsFiles(widgetsDir)];

  it('exist', () => {
    expect(files.some((f) => f.endsWith('showroom.js'))).toBe(true);
    expect(files.some((f) => f.includes('entry-client'))).toBe(true);
  });

  it('compile nothing at run time, so a strict Content-Security-Policy works', () => {
    for (const file of files) {
      const code = fs.readFileSync(file, 'utf8');
      expect(code.includes('new Function'), file).toBe(false);
      expect(/\beval\(/.test(code), file).toBe(false);
    }
  });

  it('use preact, not React, in the widgets', () => {
    for (const file of jsFiles(widgetsDir)) {
      expect(fs.readFileSync(file, 'utf8').includes('react-dom.production'), file).toBe(false);
    }
  });
});
