/**
 * Lint check for the catalog: a style file is named after its style (catalog/styles/{name}.json),
 * because the style's name is its page's route parameter and the file name is what operators see.
 * The other catalog references (categories, finishes, FAQs, reviews, gallery designs) are checked by
 * ./lint/catalog-references.ts; blog authors and categories and SKU uniqueness by ./lint too.
 */
import type { ProductStyle } from '../../schemas/catalog/product-style.schema';
import type { DefinitionProblem } from './definition-problem';
import { validFilesOf, type LintInput } from './lint/lint-input';

export function checkStoreReferences(input: LintInput): DefinitionProblem[] {
  const problems: DefinitionProblem[] = [];
  for (const [file, style] of validFilesOf<ProductStyle>(input, 'product-style')) {
    const expected = file.slice(file.lastIndexOf('/') + 1, -'.json'.length);
    if (style.name !== expected) {
      problems.push({ file, pointer: '/name', message: `is "${style.name}", but a style file must be named after its style: rename the file to ${style.name}.json or the style to "${expected}"` });
    }
  }
  return problems;
}
