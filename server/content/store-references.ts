/**
 * Lint checks for the catalog that the lint room's catalog-references does not make:
 * - a style file is named after its style (catalog/styles/{name}.json), because the style's name is
 *   its page's route parameter and the file name is what operators see;
 * - every image a catalog file names exists under the content folder's images/ (a typo would show
 *   visitors a broken image). Checked only when the folder ships an images/ folder at all.
 * The other catalog references (categories, finishes, FAQs, reviews, gallery designs) are checked by
 * ./lint/catalog-references.ts; blog authors and categories and SKU uniqueness by ./lint too.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { ProductStyle } from '../../schemas/catalog/product-style.schema';
import type { DefinitionProblem } from './definition-problem';
import { validFilesOf, type LintInput } from './lint/lint-input';

/** The catalog kinds whose images are checked. */
const kindsWithImages = ['product-style', 'product-categories', 'search-items', 'blogs', 'blog-authors', 'reviews', 'gallery'];

/** Every `src` string under a JSON value, with its JSON pointer. */
function imageSources(value: unknown, pointer: string, out: Array<[pointer: string, src: string]>): void {
  if (Array.isArray(value)) value.forEach((child, i) => imageSources(child, `${pointer}/${i}`, out));
  else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      if (key === 'src' && typeof child === 'string') out.push([`${pointer}/src`, child]);
      else imageSources(child, `${pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`, out);
    }
  }
}

export function checkStoreReferences(input: LintInput): DefinitionProblem[] {
  const problems: DefinitionProblem[] = [];
  for (const [file, style] of validFilesOf<ProductStyle>(input, 'product-style')) {
    const expected = file.slice(file.lastIndexOf('/') + 1, -'.json'.length);
    if (style.name !== expected) {
      problems.push({ file, pointer: '/name', message: `is "${style.name}", but a style file must be named after its style: rename the file to ${style.name}.json or the style to "${expected}"` });
    }
  }
  const imagesDir = path.join(input.dir, 'images');
  if (!fs.existsSync(imagesDir)) return problems;
  const seen = new Map<string, boolean>();
  for (const kind of kindsWithImages) {
    for (const [file, data] of validFilesOf(input, kind)) {
      const sources: Array<[string, string]> = [];
      imageSources(data, '', sources);
      for (const [pointer, src] of sources) {
        if (!src.startsWith('/images/')) continue;
        const target = path.join(input.dir, decodeURI(src.split(/[?#]/)[0]!));
        if (!target.startsWith(imagesDir + path.sep)) continue;
        let exists = seen.get(target);
        if (exists === undefined) seen.set(target, (exists = fs.existsSync(target)));
        if (!exists) problems.push({ file, pointer, message: `names the image ${src}, which is not in the content folder (looked for images/${path.relative(imagesDir, target)})` });
      }
    }
  }
  return problems;
}
