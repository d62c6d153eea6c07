/**
 * The main site's JavaScript for a content page, in gzip kB (`npx tsx bench/client-size.ts`): the
 * client bundle as built (React 19), and the same bundle with
 * react and react-dom aliased to preact/compat, for comparison. Builds into a temporary folder;
 * dist/ is not touched.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { build } from 'vite';

async function measure(label: string, alias: Record<string, string>): Promise<void> {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'showroom-client-size-'));
  await build({
    configFile: false,
    logLevel: 'silent',
    resolve: { alias },
    build: { outDir, emptyOutDir: true, manifest: true, target: 'es2020', rollupOptions: { input: 'renderer/entry-client.tsx' } },
  });
  const assets = path.join(outDir, 'assets');
  let js = 0;
  let css = 0;
  for (const file of fs.readdirSync(assets)) {
    const gz = zlib.gzipSync(fs.readFileSync(path.join(assets, file)), { level: 9 }).length;
    if (file.endsWith('.js')) js += gz;
    else if (file.endsWith('.css')) css += gz;
  }
  console.log(`${label.padEnd(34)} JS ${(js / 1024).toFixed(1).padStart(6)} kB gzip   CSS ${(css / 1024).toFixed(1).padStart(5)} kB gzip`);
  fs.rmSync(outDir, { recursive: true, force: true });
}

await measure('React 19 (as shipped)', {});
await measure('preact/compat alias (experiment)', {
  'react-dom/client': 'preact/compat/client',
  'react-dom': 'preact/compat',
  'react/jsx-runtime': 'preact/jsx-runtime',
  react: 'preact/compat',
});
