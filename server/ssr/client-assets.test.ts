import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readClientAssets } from './client-assets';

describe('readClientAssets', () => {
  it('links the one stylesheet and preloads the entry runtime and the always-due shell islands, not other islands', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'showroom-manifest-'));
    fs.mkdirSync(path.join(dir, '.vite'));
    fs.writeFileSync(
      path.join(dir, '.vite', 'manifest.json'),
      JSON.stringify({
        'renderer/entry-client.tsx': { file: 'assets/entry.js', isEntry: true, imports: ['_compat.js'], dynamicImports: ['renderer/layout/Header.tsx', 'renderer/blocks/BannerSlider.tsx'] },
        _compat: { file: 'assets/compat.js' },
        '_compat.js': { file: 'assets/compat.js' },
        'renderer/layout/Header.tsx': { file: 'assets/Header.js', isDynamicEntry: true, imports: ['_compat.js', '_header-scroll.js'] },
        '_header-scroll.js': { file: 'assets/header-scroll.js' },
        'renderer/blocks/BannerSlider.tsx': { file: 'assets/BannerSlider.js', isDynamicEntry: true },
        'style.css': { file: 'assets/style.css' },
      }),
    );
    const assets = readClientAssets(dir);
    expect(assets.entry).toBe('/assets/entry.js');
    expect(assets.css).toEqual(['/assets/style.css']);
    expect(assets.preload.sort()).toEqual(['/assets/Header.js', '/assets/compat.js', '/assets/header-scroll.js']);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
