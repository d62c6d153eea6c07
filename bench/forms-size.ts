/**
 * The form engine's weight (its own JavaScript at most 13 kB gzip;
 * `npx tsx bench/forms-size.ts`, after `npm run build`):
 * - the engine alone: renderer/forms (and the widgets/forms it imports) bundled with esbuild,
 *   minified, runtime external (the figure scripts/form-engine-size.test.ts holds to 13 kB in
 *   `npm test`);
 * - in the built site: the dist/client chunks that carry the form engine (found by its class name
 *   `sf-form-block`), with their gzip size, so the island's chunk can be checked against the above
 *   (the chunk also holds what only forms use, e.g. the popup or the block wrapper).
 */
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

const engine = await build({
  entryPoints: ['renderer/forms/index.ts'],
  bundle: true,
  minify: true,
  write: false,
  format: 'esm',
  target: 'es2020',
  jsx: 'automatic',
  external: ['react', 'react/*', 'react-dom', 'react-dom/*', 'preact', 'preact/*'],
  define: { 'process.env.NODE_ENV': '"production"' },
  loader: { '.css': 'empty' },
  logLevel: 'silent',
});
const code = engine.outputFiles[0]!.contents;
console.log(`form engine alone (esbuild, runtime external): ${kB(code.length)} minified, ${kB(gzipSync(code, { level: 9 }).length)} gzip -9 (budget 13 kB)`);

const assets = path.resolve('dist/client/assets');
if (!fs.existsSync(assets)) {
  console.log('dist/client: no build (run npm run build first)');
} else {
  const chunks = fs
    .readdirSync(assets)
    .filter((f) => f.endsWith('.js'))
    .map((f) => ({ file: f, text: fs.readFileSync(path.join(assets, f)) }))
    .filter((c) => c.text.includes('sf-form-block'));
  if (chunks.length === 0) console.log('dist/client: no chunk carries the form engine yet (the form island is not in the client build)');
  for (const c of chunks) console.log(`dist/client/assets/${c.file}: ${kB(c.text.length)} minified, ${kB(gzipSync(c.text, { level: 9 }).length)} gzip -9`);
}
