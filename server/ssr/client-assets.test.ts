import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readClientAssets } from './client-assets';

describe('readClientAssets', () => {
  it("links the one stylesheet and preloads the entry's static imports (the shell and its runtime), not other islands", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'showroom-manifest-'));
    fs.mkdirSync(path.join(dir, '.vite'));
    fs.writeFileSync(
      path.join(dir, '.vite', 'manifest.json'),
      JSON.stringify({
        'renderer/entry-client.tsx': { file: 'assets/entry.js', isEntry: true, imports: ['_shell.js'] },
        '_shell.js': { file: 'assets/shell.js', imports: ['_rolldown-runtime.js'], dynamicImports: ['_shell.js', 'renderer/blocks/BannerSlider.tsx'] },
        '_rolldown-runtime.js': { file: 'assets/rolldown-runtime.js' },
        'renderer/blocks/BannerSlider.tsx': { file: 'assets/BannerSlider.js', isDynamicEntry: true, imports: ['_shell.js', '_ActionLink.js'] },
        '_ActionLink.js': { file: 'assets/ActionLink.js' },
        'style.css': { file: 'assets/style.css' },
      }),
    );
    const assets = readClientAssets(dir);
    expect(assets.entry).toBe('/assets/entry.js');
    expect(assets.css).toEqual(['/assets/style.css']);
    expect(assets.preload.sort()).toEqual(['/assets/rolldown-runtime.js', '/assets/shell.js']);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
