/**
 * The gzip size of each built widget file and the budgets they must keep: the loader at
 * most 2 kB, the shared runtime chunk at most 15 kB, and the first element on a page (loader +
 * runtime + the element's own code) at most 40 kB, and the sample ordering elements (order-samples
 * plus sample-cart, their own code together) at most 12 kB. bench/widget-size.ts prints the figures;
 * scripts/widget-sizes.test.ts fails `npm test` over budget.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

export const WIDGET_BUDGETS = {
  loader: 2 * 1024,
  runtime: 15 * 1024,
  firstElementInAll: 40 * 1024,
  /** order-samples + sample-cart, own code (each chunk they share counted once). */
  sampleOrdering: 12 * 1024,
} as const;

/** The element modules whose own code shares the sampleOrdering budget. */
export const SAMPLE_ORDERING_MODULES = ['order-samples', 'sample-cart'] as const;

export interface ElementSize {
  module: string;
  /** The element's own code: its module plus any non-runtime chunk it imports, gzip bytes. */
  own: number;
  /** The chunks the module imports statically. */
  imports: string[];
  /** Its module and the non-runtime chunks it reaches. */
  files: string[];
}

export interface WidgetSizes {
  loader: number;
  loaderModule: number;
  runtimeFile: string;
  runtime: number;
  elements: ElementSize[];
}

export function gzipSize(file: string): number {
  return zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
}

/** The relative files a built ES module imports statically (`from"./x.js"` in minified output). */
export function staticImports(file: string): string[] {
  const code = fs.readFileSync(file, 'utf8');
  return [...code.matchAll(/(?:\bfrom|\bimport)\s*["'](\.\/[^"']+)["']/g)].map((m) => m[1]!.slice(2));
}

/** Measures dist/widgets (or `dir`): `modules` are the element modules' names (widgets/element-names.ts). */
export function measureWidgetSizes(dir: string, modules: readonly string[]): WidgetSizes {
  const esm = path.join(dir, 'esm');
  const runtimeFiles = fs.readdirSync(esm).filter((f) => /^runtime-[\w-]+\.js$/.test(f));
  if (runtimeFiles.length !== 1) throw new Error(`expected one runtime chunk in ${esm}, found ${runtimeFiles.length}`);
  const runtimeFile = runtimeFiles[0]!;
  const elements = modules.map((module) => {
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file) || file === runtimeFile) return;
      seen.add(file);
      for (const dep of staticImports(path.join(esm, file))) visit(dep);
    };
    visit(`${module}.js`);
    const own = [...seen].reduce((sum, file) => sum + gzipSize(path.join(esm, file)), 0);
    return { module, own, imports: staticImports(path.join(esm, `${module}.js`)), files: [...seen] };
  });
  return {
    loader: gzipSize(path.join(dir, 'showroom.js')),
    loaderModule: gzipSize(path.join(esm, 'loader.js')),
    runtimeFile,
    runtime: gzipSize(path.join(esm, runtimeFile)),
    elements,
  };
}

/** The own code of several elements together: each file they reach counted once, gzip bytes. */
export function ownCodeTogether(dir: string, elements: readonly ElementSize[]): number {
  const files = new Set(elements.flatMap((e) => e.files));
  return [...files].reduce((sum, file) => sum + gzipSize(path.join(dir, 'esm', file)), 0);
}

export function kB(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} kB`;
}
