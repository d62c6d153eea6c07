/**
 * The catalog names itself in many places: a style's category, a category's styles, a sample's
 * finish, the style of a review, a gallery design or an FAQ. Each name must lead somewhere, or a
 * page shows an empty list or a broken link. A side whose files are absent is not checked.
 */
import type { DefinitionProblem } from '../definition-problem';
import { isRecord } from './json-pointer';
import { fileStem, presentFilesOf, validFilesOf, type LintInput } from './lint-input';

type Json = Record<string, unknown>;
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

export function checkCatalogReferences(input: LintInput): DefinitionProblem[] {
  const problems: DefinitionProblem[] = [];
  const styleFiles = validFilesOf<Json>(input, 'product-style');
  const styles = new Map<string, { file: string; finishes: Map<string, Set<string>> }>();
  for (const [file, style] of styleFiles) {
    if (typeof style.name !== 'string') continue;
    const finishes = new Map<string, Set<string>>();
    for (const group of list(style.finishes)) {
      if (!isRecord(group) || typeof group.name !== 'string') continue;
      finishes.set(group.name, new Set(list(group.items).flatMap((item) => (isRecord(item) && typeof item.value === 'string' ? [item.value] : []))));
    }
    styles.set(style.name, { file, finishes });
  }
  // A style whose file is broken (not JSON, or failing its schema) exists: it is reported at its file,
  // not again as "missing" wherever it is named.
  const brokenStyles = new Set<string>();
  for (const file of presentFilesOf(input, 'product-style')) {
    if (input.valid.has(file)) continue;
    brokenStyles.add(fileStem(file));
    const data = input.files.get(file);
    if (isRecord(data) && typeof data.name === 'string') brokenStyles.add(data.name);
  }
  const categoryFiles = validFilesOf<Json>(input, 'product-categories');
  const categorySlugs = new Set(categoryFiles.flatMap(([, data]) => list(data.categories).flatMap((c) => (isRecord(c) && typeof c.slug === 'string' ? [c.slug] : []))));
  const categoriesFile = categoryFiles[0]?.[0];

  const styleNamed = (file: string, pointer: string, name: unknown) => {
    if (styleFiles.length === 0 || typeof name !== 'string' || styles.has(name)) return true;
    if (brokenStyles.has(name)) return false;
    problems.push({ file, pointer, message: `there is no product style named "${name}"` });
    return false;
  };

  for (const [file, style] of styleFiles) {
    if (categoriesFile && typeof style.category === 'string' && !categorySlugs.has(style.category)) {
      problems.push({ file, pointer: '/category', message: `names the category "${style.category}", but ${categoriesFile} has no category with that slug` });
    }
    const finishes = typeof style.name === 'string' ? styles.get(style.name)?.finishes : undefined;
    list(style.items).forEach((item, i) => {
      if (!finishes || !isRecord(item) || !isRecord(item.finish)) return;
      const { type, value } = item.finish;
      if (typeof type !== 'string' || typeof value !== 'string') return;
      const values = finishes.get(type);
      if (!values) problems.push({ file, pointer: `/items/${i}/finish/type`, message: `names the finish group "${type}", which this style does not have` });
      else if (!values.has(value)) problems.push({ file, pointer: `/items/${i}/finish/value`, message: `names the finish "${value}", which is not in the finish group "${type}" of this style` });
    });
  }

  for (const [file, data] of categoryFiles) {
    list(data.categories).forEach((c, i) => isRecord(c) && list(c.styles).forEach((name, j) => styleNamed(file, `/categories/${i}/styles/${j}`, name)));
  }
  for (const [file, data] of validFilesOf<Json>(input, 'reviews')) {
    list(data.reviews).forEach((r, i) => isRecord(r) && r.style !== undefined && styleNamed(file, `/reviews/${i}/style`, r.style));
  }
  for (const [file, data] of validFilesOf<Json>(input, 'faqs')) {
    list(data.faqs).forEach((f, i) => isRecord(f) && list(f.styles).forEach((name, j) => styleNamed(file, `/faqs/${i}/styles/${j}`, name)));
  }
  for (const [file, data] of validFilesOf<Json>(input, 'gallery')) {
    list(data.designs).forEach((d, i) => {
      if (!isRecord(d) || !styleNamed(file, `/designs/${i}/style`, d.style) || typeof d.style !== 'string' || typeof d.finish !== 'string') return;
      const finishes = styles.get(d.style)?.finishes;
      if (finishes && ![...finishes.values()].some((values) => values.has(d.finish as string))) {
        problems.push({ file, pointer: `/designs/${i}/finish`, message: `names the finish "${d.finish}", which the style "${d.style}" does not offer` });
      }
    });
  }
  return problems;
}
