/**
 * The main site's builds: the client bundle (the island bootstrap and one chunk per island type) in
 * dist/client with a manifest the server reads, and, with --ssr, the server-rendering bundle in
 * dist/ssr.
 *
 * The server renders pages with React. The browser's islands run on preact/compat (about 10 kB gzip
 * instead of react-dom's 58 kB): the client build aliases react and react-dom to it, as the widgets'
 * build does (rollup.config.ts). `SHOWROOM_CLIENT_RUNTIME=react` builds the client with React instead
 * (bench/client-size.ts measures both). A hydration mismatch is caught either way by
 * e2e/island-hydration-check.ts.
 *
 * The SSR bundle carries its own copy of React built for production, so pages render with React's
 * fast production code whatever NODE_ENV the server runs with (the development build renders two to
 * three times slower, and NODE_ENV also switches developer pages such as /dev/mail).
 */
import path from 'node:path';
import type { CodeSplittingOptions } from 'rolldown';
import { defineConfig, type Alias } from 'vite';

const CLIENT_ENTRY = 'renderer/entry-client.tsx';

/** react -> preact/compat, for the browser only. */
export const preactInPlaceOfReact: Alias[] = [
  { find: /^react\/jsx-(dev-)?runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react$/, replacement: 'preact/compat' },
];

/**
 * What every page runs at once (the bootstrap, the runtime, the header, alerts and back-to-top, with
 * everything they import) in one chunk, not fifteen: a phone on a slow link pays a round trip per
 * file, and those files queued ahead of the page's banner image. The server preloads the chunk with
 * the entry (server/ssr/client-assets.ts). The bundler's runtime helpers are not offered to a group
 * and stay a small chunk of their own, preloaded too.
 */
const SHELL = [CLIENT_ENTRY, 'renderer/layout/Header.tsx', 'renderer/layout/AlertStack.tsx', 'renderer/layout/BackToTop.tsx'].map((file) => path.resolve(file));
const shellChunk: CodeSplittingOptions = {
  groups: [{ name: 'shell', test: (id: string) => SHELL.includes(id), includeDependenciesRecursively: true }],
};

export default defineConfig(({ isSsrBuild }) => ({
  publicDir: false,
  ...(isSsrBuild
    ? {
        define: { 'process.env.NODE_ENV': JSON.stringify('production') },
        ssr: { noExternal: ['react', 'react-dom', 'scheduler'] },
        build: { outDir: 'dist/ssr', emptyOutDir: true, target: 'node20', rollupOptions: { input: 'renderer/entry-server.tsx' } },
      }
    : {
        resolve: { alias: process.env['SHOWROOM_CLIENT_RUNTIME'] === 'react' ? [] : preactInPlaceOfReact },
        build: {
          outDir: process.env['SHOWROOM_CLIENT_OUT'] ?? 'dist/client',
          emptyOutDir: true,
          manifest: true,
          target: 'es2020',
          // One stylesheet for the page (the entry imports every block's CSS, static blocks included).
          cssCodeSplit: false,
          // No dependency table in the bootstrap: Vite would list every island's chunks in the entry,
          // so each new block type made every page heavier. An island's chunk fetches its own imports
          // (the shared runtime is already there, preloaded with the entry); the server preloads the
          // always-present islands with theirs (server/ssr/client-assets.ts).
          modulePreload: false,
          // Keep the entry's own export (renderIslandDetached, for the hydration check) under its name.
          rollupOptions: {
            input: CLIENT_ENTRY,
            preserveEntrySignatures: 'exports-only',
            output: { codeSplitting: shellChunk },
          },
        },
      }),
}));
