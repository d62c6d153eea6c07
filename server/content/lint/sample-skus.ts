/**
 * A sample SKU identifies one door sample in carts and orders, so it may appear only once in the
 * catalog. A repeat is blamed on the later file in path order (the order the loader lists files in,
 * and within a file the later item), and the message names the first use, so the file that gets the
 * problem is never the only place to look.
 */
import type { DefinitionProblem } from '../definition-problem';
import { isRecord } from './json-pointer';
import { validFilesOf, type LintInput } from './lint-input';

export function checkSampleSkus(input: LintInput): DefinitionProblem[] {
  const problems: DefinitionProblem[] = [];
  const first = new Map<string, string>();
  for (const [file, style] of validFilesOf<Record<string, unknown>>(input, 'product-style')) {
    if (!Array.isArray(style.items)) continue;
    style.items.forEach((item, i) => {
      if (!isRecord(item) || typeof item.sku !== 'string') return;
      const where = `${file}#/items/${i}/sku`;
      const earlier = first.get(item.sku);
      if (earlier) problems.push({ file, pointer: `/items/${i}/sku`, message: `repeats the sample SKU "${item.sku}", already used at ${earlier}; every SKU must be unique` });
      else first.set(item.sku, where);
    });
  }
  return problems;
}
