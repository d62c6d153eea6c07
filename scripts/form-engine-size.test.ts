/**
 * The form engine's own JavaScript stays at most 13 kB gzip: renderer/forms
 * (with the store and fields it imports from widgets/forms) bundled alone with esbuild, minified for
 * production, with the runtime (react, react-dom, preact) left out. The schema objects (their description text is most of their weight) must stay out:
 * runtime constants the browser needs come from schemas/forms/form-defaults.ts.
 */
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

// 12 kB until the e-mail rule against look-alike addresses (schemas/evaluators/email-address.ts,
// about 0.7 kB gzip) and the captcha of the forms that mail a typed address joined the engine: the
// visitor reads the field's message as they type, not only after a round trip.
const FORM_ENGINE_BUDGET_GZIP = 13_000;

async function bundleFormEngine() {
  const result = await build({
    entryPoints: ['renderer/forms/index.ts'],
    bundle: true,
    minify: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    target: 'es2020',
    jsx: 'automatic',
    metafile: true,
    external: ['react', 'react/*', 'react-dom', 'react-dom/*', 'preact', 'preact/*'],
    define: { 'process.env.NODE_ENV': '"production"' },
    // The stylesheet is the page's (one CSS file for the site), not the engine's JavaScript.
    loader: { '.css': 'empty' },
    logLevel: 'silent',
  });
  const code = result.outputFiles[0]!.contents;
  const inputs = Object.values(result.metafile.outputs).flatMap((o) => Object.keys(o.inputs).filter((k) => o.inputs[k]!.bytesInOutput > 0));
  return { gzip: gzipSync(code, { level: 9 }).length, text: Buffer.from(code).toString('utf8'), inputs };
}

describe('form engine bundle (renderer/forms with widgets/forms, runtime excluded)', () => {
  it('is at most 13 kB gzip', async () => {
    const { gzip } = await bundleFormEngine();
    expect(gzip).toBeLessThanOrEqual(FORM_ENGINE_BUDGET_GZIP);
  });

  it('carries no JSON-schema objects (their description text) and no runtime', async () => {
    const { inputs, text } = await bundleFormEngine();
    expect(inputs.filter((i) => i.endsWith('.schema.ts'))).toEqual([]);
    expect(inputs.filter((i) => i.includes('node_modules'))).toEqual([]);
    // A phrase of form-field.schema.ts's descriptions, to catch the text arriving by another path.
    expect(text.includes('Hides this field (or option)')).toBe(false);
  });
});
