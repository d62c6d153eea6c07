/**
 * Widget bundles for dealers' sites, built with preact/compat in place of React (a few kB instead
 * of React's ~60 kB gzip):
 *  - dist/widgets/esm/{element}.js: one ES module per custom element, with shared chunks, for
 *    bundlers and for the loader;
 *  - dist/widgets/showroom.js: the loader (IIFE), the one script tag a dealer adds.
 */
import alias from '@rollup/plugin-alias';
import nodeResolve from '@rollup/plugin-node-resolve';
import replace from '@rollup/plugin-replace';
import type { RollupOptions } from 'rollup';
import esbuild from 'rollup-plugin-esbuild';
import { elementModules } from './widgets/element-names';

const preactInPlaceOfReact = alias({
  entries: [
    { find: /^react\/jsx-(dev-)?runtime$/, replacement: 'preact/jsx-runtime' },
    { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
    { find: /^react-dom$/, replacement: 'preact/compat' },
    { find: /^react$/, replacement: 'preact/compat' },
  ],
});

const plugins = [
  preactInPlaceOfReact,
  replace({ preventAssignment: true, values: { 'process.env.NODE_ENV': JSON.stringify('production') } }),
  nodeResolve({ browser: true, extensions: ['.mjs', '.js', '.ts', '.tsx', '.json'] }),
  esbuild({ target: 'es2020', jsx: 'automatic', minify: true, sourceMap: false }),
];

const input = Object.fromEntries(Object.values(elementModules).map((m) => [m, `widgets/elements/${m}.tsx`]));

const config: RollupOptions[] = [
  {
    input,
    output: { dir: 'dist/widgets/esm', format: 'es', entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js' },
    plugins,
  },
  {
    input: 'widgets/loader.ts',
    output: { file: 'dist/widgets/showroom.js', format: 'iife' },
    plugins,
  },
];

export default config;
