/**
 * The studio's build: the operators' app at /studio, an app of its own bundles that the
 * storefront never loads. React (not preact/compat as the storefront's islands): the studio is one
 * page for a few operators, and @rjsf/core wants React. Root studio/, entry studio/index.html, out
 * dist/studio; server/studio/studio-page.ts serves it under a strict Content-Security-Policy (no
 * inline script or style, no eval), so the HTML Vite writes must carry none: no module-preload
 * polyfill (it would be an inline script), and the stylesheet is a file.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const here = path.dirname(fileURLToPath(import.meta.url));

export default defineConfig({
  root: path.join(here, 'studio'),
  base: '/studio/',
  publicDir: false,
  // Vite's dev server is not how the studio runs (the Koa server serves the build), but keep its
  // files inside the project if someone starts it.
  server: { fs: { allow: [here] } },
  build: {
    outDir: path.join(here, 'dist', 'studio'),
    emptyOutDir: true,
    target: 'es2022',
    modulePreload: { polyfill: false },
    // Every asset a file of its own: a data: URI would be an inline resource in the HTML.
    assetsInlineLimit: 0,
    // The editor (forms, validators, preview) is a chunk of its own, loaded when a file opens.
    cssCodeSplit: true,
    chunkSizeWarningLimit: 1500,
    rollupOptions: {
      input: path.join(here, 'studio', 'index.html'),
      // @rjsf marks its hooks "use client" (for React Server Components); a browser bundle has no use for it.
      onwarn(warning, warn) {
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
        warn(warning);
      },
    },
  },
});
