/**
 * The main site's builds: the client bundle (hydration) in dist/client with a manifest the server
 * reads, and, with --ssr, the server-rendering bundle in dist/ssr.
 */
import { defineConfig } from 'vite';

export default defineConfig(({ isSsrBuild }) => ({
  publicDir: false,
  build: isSsrBuild
    ? { outDir: 'dist/ssr', emptyOutDir: true, target: 'node20', rollupOptions: { input: 'renderer/entry-server.tsx' } }
    : { outDir: 'dist/client', emptyOutDir: true, manifest: true, target: 'es2020', rollupOptions: { input: 'renderer/entry-client.tsx' } },
}));
