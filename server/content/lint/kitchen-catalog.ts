/**
 * The kitchen catalog across its files: a cabinet line's style, price group and finishes must exist
 * (the finishes as the style offers them); a cabinet's code must fit its kind and size (B24 is a base
 * 24″ wide, schemas/evaluators/cabinet-codes.ts); a price group no line uses is a mistake (a group
 * is there to price styles); a priced option has a price or a percent, not both; and a SKU, whether
 * a door sample's, a cabinet's (prefix and code), a countertop's or a service's, is used once.
 */
import type { CabinetLineDefinition } from '../../../schemas/catalog/cabinet-line.schema';
import type { CountertopsDefinition } from '../../../schemas/catalog/countertops.schema';
import type { PriceGroupsDefinition } from '../../../schemas/catalog/price-groups.schema';
import type { ProductStyle } from '../../../schemas/catalog/product-style.schema';
import type { ServicesDefinition } from '../../../schemas/catalog/services.schema';
import { codeProblem } from '../../../schemas/evaluators/cabinet-codes';
import type { DefinitionProblem } from '../definition-problem';
import { didYouMean } from '../../../schemas/evaluators/closest-name';
import { fileStem, presentFilesOf, validFilesOf, type LintInput } from './lint-input';

const GROUPS_FILE = 'catalog/price-groups.json';

/** Exactly one of price and percent: both would leave the operator guessing which one counts. */
function pricedOnce(file: string, pointer: string, option: { code: string; price?: number; percent?: number }, problems: DefinitionProblem[]): void {
  const both = option.price !== undefined && option.percent !== undefined;
  const neither = option.price === undefined && option.percent === undefined;
  if (both) problems.push({ file, pointer, message: `"${option.code}" has a price and a percent: give one of the two` });
  if (neither) problems.push({ file, pointer, message: `"${option.code}" has no price: give a price (dollars) or a percent` });
}

function uniqueCodes(file: string, at: string, list: readonly { code: string }[], what: string, problems: DefinitionProblem[]): void {
  const seen = new Map<string, number>();
  list.forEach((item, i) => {
    const first = seen.get(item.code);
    if (first !== undefined) problems.push({ file, pointer: `${at}/${i}/code`, message: `repeats the ${what} code "${item.code}" of ${at}/${first}; codes are unique in the list` });
    else seen.set(item.code, i);
  });
}

export function checkKitchenCatalog(input: LintInput): DefinitionProblem[] {
  const problems: DefinitionProblem[] = [];
  const styles = new Map(validFilesOf<ProductStyle>(input, 'product-style').map(([, style]) => [style.name, style]));
  const stylePresent = new Set(presentFilesOf(input, 'product-style').map(fileStem));
  const groupsFile = validFilesOf<PriceGroupsDefinition>(input, 'price-groups')[0];
  const groupsPresent = presentFilesOf(input, 'price-groups').length > 0;
  const groups = new Map((groupsFile?.[1].groups ?? []).map((g) => [g.code, g]));
  const usedGroups = new Set<string>();
  /** Every SKU with where it was first used, samples first (they are in the style files). */
  const skus = new Map<string, string>();
  for (const [file, style] of validFilesOf<ProductStyle>(input, 'product-style')) style.items.forEach((item, i) => skus.has(item.sku) || skus.set(item.sku, `${file}#/items/${i}/sku`));
  const claim = (sku: string, file: string, pointer: string) => {
    const earlier = skus.get(sku);
    if (earlier) problems.push({ file, pointer, message: `makes the SKU "${sku}", already used at ${earlier}; every SKU must be unique` });
    else skus.set(sku, `${file}#${pointer}`);
  };

  if (groupsFile) uniqueCodes(groupsFile[0], '/groups', groupsFile[1].groups, 'price group', problems);

  const prefixes = new Map<string, string>();
  for (const [file, line] of validFilesOf<CabinetLineDefinition>(input, 'cabinet-line')) {
    if (line.style !== fileStem(file)) problems.push({ file, pointer: '/style', message: `is "${line.style}", but the file is named ${fileStem(file)}.json: a cabinet line's file is named after its style` });
    const style = styles.get(line.style);
    if (!style && !stylePresent.has(line.style)) problems.push({ file, pointer: '/style', message: `names the style "${line.style}", but no file in catalog/styles/ has that name${didYouMean(line.style, styles.keys())}` });

    usedGroups.add(line.priceGroup);
    if (groupsFile && !groups.has(line.priceGroup)) problems.push({ file, pointer: '/priceGroup', message: `names the price group "${line.priceGroup}", which ${GROUPS_FILE} does not have (it has ${[...groups.keys()].join(', ')})` });
    else if (!groupsPresent) problems.push({ file, pointer: '/priceGroup', message: `names the price group "${line.priceGroup}", but there is no ${GROUPS_FILE} to define it` });

    const earlierPrefix = prefixes.get(line.skuPrefix);
    if (earlierPrefix) problems.push({ file, pointer: '/skuPrefix', message: `"${line.skuPrefix}" is also the SKU prefix of ${earlierPrefix}: each line has its own` });
    else prefixes.set(line.skuPrefix, file);

    if (style) {
      const seen = new Set<string>();
      line.finishes.forEach((f, i) => {
        const key = `${f.type}/${f.value ?? ''}`;
        if (seen.has(key)) problems.push({ file, pointer: `/finishes/${i}`, message: `lists ${f.value ? `the finish ${f.type}/${f.value}` : `the finish group ${f.type}`} twice` });
        seen.add(key);
        const group = style.finishes.find((g) => g.name === f.type);
        if (!group) {
          problems.push({ file, pointer: `/finishes/${i}/type`, message: `names the finish group "${f.type}", which the style ${style.name} does not offer (it offers ${style.finishes.map((g) => g.name).join(', ')})${didYouMean(f.type, style.finishes.map((g) => g.name))}` });
          return;
        }
        if (f.value !== undefined && !group.items.some((item) => item.value === f.value)) {
          const values = group.items.map((item) => item.value);
          problems.push({ file, pointer: `/finishes/${i}/value`, message: `names the finish "${f.value}", which the style ${style.name} does not offer in ${f.type} (it offers ${values.join(', ')})${didYouMean(f.value, values)}` });
        }
      });
    }

    const mods = line.modifications ?? [];
    uniqueCodes(file, '/modifications', mods, 'modification', problems);
    mods.forEach((m, i) => pricedOnce(file, `/modifications/${i}`, m, problems));
    uniqueCodes(file, '/cabinets', line.cabinets, 'cabinet', problems);
    line.cabinets.forEach((c, i) => {
      const problem = codeProblem(c.code, c.kind, c);
      if (problem) problems.push({ file, pointer: `/cabinets/${i}/code`, message: problem });
      (c.modifications ?? []).forEach((code, j) => {
        if (!mods.some((m) => m.code === code)) problems.push({ file, pointer: `/cabinets/${i}/modifications/${j}`, message: `names the modification "${code}", which the line does not have${mods.length ? ` (it has ${mods.map((m) => m.code).join(', ')})` : ''}${didYouMean(code, mods.map((m) => m.code))}` });
      });
      claim(`${line.skuPrefix}-${c.code}`, file, `/cabinets/${i}/code`);
    });
  }

  // A line whose file fails its schema still names its group: the group is not unused, the file is broken.
  for (const file of presentFilesOf(input, 'cabinet-line')) {
    const data = input.files.get(file) as { priceGroup?: unknown } | undefined;
    if (typeof data?.priceGroup === 'string') usedGroups.add(data.priceGroup);
  }
  if (groupsFile) {
    groupsFile[1].groups.forEach((g, i) => {
      if (!usedGroups.has(g.code)) problems.push({ file: groupsFile[0], pointer: `/groups/${i}/code`, message: `the price group "${g.code}" is used by no cabinet line: name it in a line's priceGroup, or remove it` });
    });
  }

  for (const [file, tops] of validFilesOf<CountertopsDefinition>(input, 'countertops')) {
    uniqueCodes(file, '/edges', tops.edges, 'edge', problems);
    uniqueCodes(file, '/cutouts', tops.cutouts, 'cut-out', problems);
    tops.edges.forEach((e, i) => pricedOnce(file, `/edges/${i}`, e, problems));
    tops.materials.forEach((m, i) => {
      claim(m.sku, file, `/materials/${i}/sku`);
      m.edges.forEach((code, j) => {
        if (!tops.edges.some((e) => e.code === code)) problems.push({ file, pointer: `/materials/${i}/edges/${j}`, message: `names the edge "${code}", which /edges does not have (it has ${tops.edges.map((e) => e.code).join(', ')})${didYouMean(code, tops.edges.map((e) => e.code))}` });
      });
    });
  }
  for (const [file, services] of validFilesOf<ServicesDefinition>(input, 'services')) services.services.forEach((s, i) => claim(s.sku, file, `/services/${i}/sku`));
  return problems;
}
