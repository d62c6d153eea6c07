/**
 * The main site's builds: the client bundle (hydration) in dist/client with a manifest the server
 * reads, and, with --ssr, the server-rendering bundle in dist/ssr.
 *
 * The SSR bundle carries its own copy of React built for production, so pages render with React's
 * fast production code whatever NODE_ENV the server runs with (the development build renders two to
 * three times slower, and NODE_ENV also switches developer pages such as /dev/mail).
 */
import { defineConfig } from 'vite';

export default defineConfig(({ isSsrBuild }) => ({
  publicDir: false,
  ...(isSsrBuild
    ? {
        define: { 'process.env.NODE_ENV': JSON.stringify('production') },
        ssr: { noExternal: ['react', 'react-dom', 'scheduler'] },
        build: { outDir: 'dist/ssr', emptyOutDir: true, target: 'node20', rollupOptions: { input: 'renderer/entry-server.tsx' } },
      }
    : {
        build: { outDir: 'dist/client', emptyOutDir: true, manifest: true, target: 'es2020', rollupOptions: { input: 'renderer/entry-client.tsx' } },
      }),
}));
