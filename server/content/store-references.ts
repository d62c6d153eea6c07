/**
 * Lint check for the catalog: names that point from one catalog entry to another must exist. A
 * style file is named after its style; a sample names a finish of its style; categories, FAQs,
 * reviews and gallery designs name styles (and finishes) that exist; a style's main category exists.
 * Blog authors and categories and SKU uniqueness are checked by ./lint (blog-references,
 * sample-skus). Like every lint check it reads only files that passed their schema, and a check
 * whose target files are absent has nothing to say (a folder may hold styles without categories).
 */
import type { FaqsDefinition } from '../../schemas/catalog/faqs.schema';
import type { GalleryDefinition } from '../../schemas/catalog/gallery.schema';
import type { ProductCategoriesDefinition } from '../../schemas/catalog/product-categories.schema';
import type { ProductStyle } from '../../schemas/catalog/product-style.schema';
import type { ReviewsDefinition } from '../../schemas/catalog/reviews.schema';
import type { DefinitionProblem } from './definition-problem';
import { validFilesOf, type LintInput } from './lint/lint-input';

export function checkStoreReferences(input: LintInput): DefinitionProblem[] {
  const problems: DefinitionProblem[] = [];
  const styleFiles = validFilesOf<ProductStyle>(input, 'product-style');
  const styles = new Map(styleFiles.map(([, s]) => [s.name, s]));
  // A style file that failed its schema is reported there; its name (the file name) still counts as
  // known here, so one broken style does not also flag every category, FAQ and review naming it.
  const styleNames = new Set(styles.keys());
  for (const [file, schema] of input.schemaOf) {
    if (schema === 'product-style') styleNames.add(file.slice(file.lastIndexOf('/') + 1, -'.json'.length));
  }
  const categoryFiles = validFilesOf<ProductCategoriesDefinition>(input, 'product-categories');
  const categorySlugs = new Set(categoryFiles.flatMap(([, d]) => d.categories.map((c) => c.slug)));

  for (const [file, style] of styleFiles) {
    const expected = file.slice(file.lastIndexOf('/') + 1, -'.json'.length);
    if (style.name !== expected) {
      problems.push({ file, pointer: '/name', message: `is "${style.name}", but a style file must be named after its style: rename the file to ${style.name}.json or the style to "${expected}"` });
    }
    const finishes = new Set(style.finishes.flatMap((g) => g.items.map((f) => `${g.name}/${f.value}`)));
    style.items.forEach((item, i) => {
      if (!finishes.has(`${item.finish.type}/${item.finish.value}`)) {
        problems.push({ file, pointer: `/items/${i}/finish`, message: `names the finish ${item.finish.type}/${item.finish.value}, which is not among this style's finishes` });
      }
    });
    if (categoryFiles.length && !categorySlugs.has(style.category)) {
      problems.push({ file, pointer: '/category', message: `names the category "${style.category}", but ${categoryFiles.map(([f]) => f).join(', ')} has no category with that slug` });
    }
  }
  if (styleNames.size === 0) return problems;

  const unknownStyle = (name: string) => `names the style "${name}", but there is no catalog/styles/${name}.json`;
  for (const [file, data] of categoryFiles) {
    data.categories.forEach((c, i) => c.styles.forEach((name, j) => {
      if (!styleNames.has(name)) problems.push({ file, pointer: `/categories/${i}/styles/${j}`, message: unknownStyle(name) });
    }));
  }
  for (const [file, data] of validFilesOf<FaqsDefinition>(input, 'faqs')) {
    data.faqs.forEach((faq, i) => (faq.styles ?? []).forEach((name, j) => {
      if (!styleNames.has(name)) problems.push({ file, pointer: `/faqs/${i}/styles/${j}`, message: unknownStyle(name) });
    }));
  }
  for (const [file, data] of validFilesOf<ReviewsDefinition>(input, 'reviews')) {
    data.reviews.forEach((review, i) => {
      if (review.style && !styleNames.has(review.style)) problems.push({ file, pointer: `/reviews/${i}/style`, message: unknownStyle(review.style) });
    });
  }
  for (const [file, data] of validFilesOf<GalleryDefinition>(input, 'gallery')) {
    data.designs.forEach((design, i) => {
      const style = styles.get(design.style);
      if (!styleNames.has(design.style)) problems.push({ file, pointer: `/designs/${i}/style`, message: unknownStyle(design.style) });
      else if (style && !style.finishes.some((g) => g.items.some((f) => f.value === design.finish))) {
        problems.push({ file, pointer: `/designs/${i}/finish`, message: `names the finish "${design.finish}", which ${style.title} does not come in` });
      }
    });
  }
  return problems;
}
