/**
 * Widget bundles for dealers' sites, built with preact/compat in place of React (a few kB instead
 * of React's ~60 kB gzip):
 *  - dist/widgets/showroom.js: the loader (classic script), the one script tag a dealer adds;
 *  - dist/widgets/esm/loader.js: the same loader as an ES module;
 *  - dist/widgets/esm/{element}.js: one ES module per custom element, holding only that element's own
 *    code; every one imports the one shared runtime chunk, dist/widgets/esm/runtime-[hash].js
 *    (preact/compat, r2wc, the element base, the API client, the events, the cart store), so a page
 *    with several elements loads the runtime once;
 *  - dist/widgets/custom-elements.json: the manifest, written from widgets/element-specs.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import alias from '@rollup/plugin-alias';
import nodeResolve from '@rollup/plugin-node-resolve';
import replace from '@rollup/plugin-replace';
import type { Plugin, RollupOptions } from 'rollup';
import esbuild from 'rollup-plugin-esbuild';
import { customElementsManifest } from './scripts/custom-elements-manifest';
import { elementModules } from './widgets/element-names';
import { elementSpecs } from './widgets/element-specs';

const preactInPlaceOfReact = alias({
  entries: [
    { find: /^react\/jsx-(dev-)?runtime$/, replacement: 'preact/jsx-runtime' },
    { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
    { find: /^react-dom$/, replacement: 'preact/compat' },
    { find: /^react$/, replacement: 'preact/compat' },
  ],
});

function widgetPlugins(): Plugin[] {
  return [
    preactInPlaceOfReact,
    replace({ preventAssignment: true, values: { 'process.env.NODE_ENV': JSON.stringify('production') } }),
    nodeResolve({ browser: true, extensions: ['.mjs', '.js', '.ts', '.tsx', '.json'] }),
    esbuild({ target: 'es2020', jsx: 'automatic', minify: true, sourceMap: false }),
  ];
}

/** The modules of the shared runtime chunk: the framework and everything every element uses. */
const RUNTIME_MODULES = [
  /[\\/]node_modules[\\/](preact|@r2wc)[\\/]/,
  /[\\/]widgets[\\/](element-base|cart-store)[\\/]/,
  /[\\/]widgets[\\/](api-client|dealer-refusal|widgets-version|showroom-events|theme\.css)\.ts$/,
  // The few hundred bytes every money element needs, the order-result element included: the owner's
  // proof and the two browser-storage items (so order-result never pulls in the payment-pages chunk).
  /[\\/]widgets[\\/]payment[\\/](payment-proof|pending-payment|order-success-store)\.ts$/,
];

/**
 * The money pages' shared code: the payment contract (PaymentEntry, the order-success and
 * pending-payment stores) and the read-only purchase view, in one `payment-pages` chunk that quote
 * payment, split payment and checkout all import, instead of chunks rollup would name after whichever
 * module it met first. The gateways' clients (widgets/payment/{gateway}/) stay out: each remains its
 * own lazy chunk, loaded only when its method is chosen.
 */
const PAYMENT_PAGE_MODULES = [/[\\/]widgets[\\/](payment|payment-summary)[\\/][^\\/]+\.tsx?$/];

export function runtimeChunk(id: string): string | undefined {
  if (RUNTIME_MODULES.some((pattern) => pattern.test(id))) return 'runtime';
  return PAYMENT_PAGE_MODULES.some((pattern) => pattern.test(id)) ? 'payment-pages' : undefined;
}

/** The element modules and their runtime chunk; tests build extra elements into a temporary folder with it. */
export function elementBuild(input: Record<string, string>, dir: string, extraPlugins: Plugin[] = []): RollupOptions {
  return {
    input,
    // jsPDF (the estimator's Print, loaded on demand) imports these only for doc.html() and SVG,
    // which the estimate never uses; left out, they are never fetched.
    external: ['canvg', 'html2canvas', 'dompurify'],
    output: { dir, format: 'es', entryFileNames: '[name].js', chunkFileNames: '[name]-[hash].js', manualChunks: runtimeChunk },
    plugins: [...widgetPlugins(), ...extraPlugins],
  };
}

export function loaderBuilds(outDir: string): RollupOptions[] {
  return [
    { input: 'widgets/loader.ts', output: { file: path.join(outDir, 'showroom.js'), format: 'iife' }, plugins: widgetPlugins() },
    { input: 'widgets/loader-module.ts', output: { file: path.join(outDir, 'esm', 'loader.js'), format: 'es' }, plugins: widgetPlugins() },
  ];
}

const OUT_DIR = 'dist/widgets';

/** Removes the last build's hashed runtime chunks, then writes the manifest next to the loader. */
const cleanAndWriteManifest: Plugin = {
  name: 'showroom-widgets-output',
  buildStart() {
    fs.rmSync(OUT_DIR, { recursive: true, force: true });
  },
  writeBundle() {
    fs.writeFileSync(path.join(OUT_DIR, 'custom-elements.json'), `${JSON.stringify(customElementsManifest(elementSpecs), null, 2)}\n`);
  },
};

const input = Object.fromEntries(Object.values(elementModules).map((m) => [m, `widgets/elements/${m}.tsx`]));

const config: RollupOptions[] = [elementBuild(input, path.join(OUT_DIR, 'esm'), [cleanAndWriteManifest]), ...loaderBuilds(OUT_DIR)];

export default config;
