/**
 * Reads a content folder into memory once, at start. Every file is checked against its schema,
 * then the lint checks (./lint) look across files for what a schema cannot see; any problem stops
 * the load with the file, the JSON pointer and the message.
 *
 * To add a kind of definition: add its entry to content-layout.ts, a typed field to `Content` and
 * one line in `loadContent` using `one`, `optional` or `many`.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { CabinetLineDefinition } from '../../schemas/catalog/cabinet-line.schema';
import type { CountertopsDefinition } from '../../schemas/catalog/countertops.schema';
import { buildKitchenCatalog, type KitchenCatalog } from '../../schemas/catalog/kitchen-catalog';
import type { PriceGroupsDefinition } from '../../schemas/catalog/price-groups.schema';
import type { ServicesDefinition } from '../../schemas/catalog/services.schema';
import type { Dealer, DealersDefinition } from '../../schemas/dealers.schema';
import type { DefinitionSchemaName } from '../../schemas/index';
import type { EstimatorPricing } from '../../schemas/estimator/estimator-pricing.schema';
import type { EstimatorTemplate } from '../../schemas/estimator/estimator-template.schema';
import type { FormDefinition } from '../../schemas/forms/form.schema';
import type { PopupDefinition } from '../../schemas/forms/popup.schema';
import type { PageDefinition } from '../../schemas/page.schema';
import type { PaymentMethodsDefinition } from '../../schemas/payment-methods.schema';
import type { RouteList } from '../../schemas/routes.schema';
import type { ShippingMethod, ShippingMethodsDefinition } from '../../schemas/shipping.schema';
import type { SiteSettings } from '../../schemas/site-settings.schema';
import type { TaxRule, TaxRulesDefinition } from '../../schemas/tax.schema';
import { changesInMemoryOnly, listedWithChanges, onCopyWithChanges, type ContentChanges } from './content-changes';
import { contentLayout, matchesPattern } from './content-layout';
import { describeJsonSyntax, findDuplicateKeys, tooDeepProblem } from './json-syntax';
import { InvalidContentError, type DefinitionProblem } from './definition-problem';
import { lintDefinitions } from './lint/lint-definitions';
import { validateDefinition } from './schema-validator';
import { loadStore, type StoreContent } from './store-content';
import { placeProblems } from './problem-place';

export interface Content {
  dir: string;
  settings: SiteSettings;
  routes: RouteList['routes'];
  /** Old paths and where they redirect (routes.json `redirects`; none when absent). */
  redirects: NonNullable<RouteList['redirects']>;
  pages: Record<string, PageDefinition>;
  paymentMethods: PaymentMethodsDefinition['paymentMethods'];
  shippingMethods: ShippingMethod[];
  taxRules: TaxRule[];
  /** The dealers allowed to embed the widgets (dealers.json; none without the file). */
  dealers: Dealer[];
  /** The catalog, blogs, FAQs, reviews, gallery and search items (./store-content.ts). */
  store: StoreContent;
  /** Cabinets by style, countertops and services, priced by schemas/evaluators/kitchen-pricing.ts (empty without their files). */
  kitchen: KitchenCatalog;
  /** Form definitions (forms/*.json) by name. */
  forms: Record<string, FormDefinition>;
  /** Popup definitions (popups/*.json) by name. */
  popups: Record<string, PopupDefinition>;
  /** Estimator templates (estimator/*.json) by file name. */
  estimators: Record<string, EstimatorTemplate>;
  /** Estimator pricing data by path in the content folder (what a template's priceTemplate names). */
  estimatorPricing: Record<string, EstimatorPricing>;
}

function listJsonFiles(dir: string, prefix = ''): string[] {
  if (!fs.existsSync(dir)) return [];
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...listJsonFiles(path.join(dir, entry.name), rel));
    else if (entry.name.endsWith('.json')) out.push(rel);
  }
  return out.sort();
}

export interface DefinitionFiles {
  /** Every parsed file, by its path relative to the content folder. */
  files: Map<string, unknown>;
  /** Files that passed their schema check; the lint checks read only these. */
  valid: Set<string>;
  problems: DefinitionProblem[];
}

/**
 * Reads, schema-checks and lints every known definition file; returns the parsed files and the problems.
 * `changes` (./content-changes.ts): the folder as it would be with them (a text replaces or adds a
 * file, null removes it), written nowhere.
 */
export function readDefinitions(dir: string, changes?: ContentChanges): DefinitionFiles {
  // Changes a check may look for on disk (a removal, a blog body, an image) are read on a copy.
  if (changes?.size && !changesInMemoryOnly(changes) && fs.existsSync(dir)) return onCopyWithChanges(dir, changes, (copy) => readDefinitions(copy));
  const problems: DefinitionProblem[] = [];
  const files = new Map<string, unknown>();
  const valid = new Set<string>();
  const schemaOf = new Map<string, DefinitionSchemaName>();
  if (!fs.existsSync(dir) || !fs.statSync(dir).isDirectory()) {
    return { files, valid, problems: [{ file: dir, pointer: '', message: 'is not a folder that can be read' }] };
  }
  const all = listedWithChanges(listJsonFiles(dir), changes);
  for (const entry of contentLayout) {
    const matching = all.filter((f) => matchesPattern(entry.pattern, f));
    if (entry.required && matching.length === 0) {
      problems.push({ file: entry.pattern, pointer: '', message: 'is missing from the content folder' });
    }
    for (const file of matching) {
      let data: unknown;
      const text = changes?.get(file) ?? fs.readFileSync(path.join(dir, file), 'utf8');
      // Read no further: the checks that walk a parsed definition would overflow the stack on it.
      const tooDeep = tooDeepProblem(text);
      if (tooDeep) {
        problems.push({ file, pointer: '', message: tooDeep });
        continue;
      }
      try {
        data = JSON.parse(text);
      } catch {
        problems.push({ file, pointer: '', message: describeJsonSyntax(text) });
        continue;
      }
      for (const d of findDuplicateKeys(text)) {
        const where = d.firstLine === d.line ? `on line ${d.line}` : `on lines ${d.firstLine} and ${d.line}`;
        problems.push({ file, pointer: d.pointer, message: `has the property "${d.key}" twice (${where}); only the last one would count, so keep one` });
      }
      files.set(file, data);
      schemaOf.set(file, entry.schema);
      const found = validateDefinition(entry.schema, file, data);
      if (found.length === 0) valid.add(file);
      problems.push(...found);
    }
  }
  // A file in no known place is never read: most often a misspelt folder or file name.
  for (const file of all) {
    if (file.startsWith('images/') || contentLayout.some((e) => matchesPattern(e.pattern, file))) continue;
    problems.push({ file, pointer: '', message: 'is not read by the store: no kind of definition lives at this place (check the folder and file name)' });
  }
  // Files of a known place that are there but are not JSON: a reference to one is not "missing".
  const unparsed = new Set(all.filter((f) => !files.has(f) && contentLayout.some((e) => matchesPattern(e.pattern, f))));
  problems.push(...lintDefinitions({ dir, files, valid, schemaOf, unparsed }));
  // One file's problems together, files in path order; within a file, schema problems first.
  problems.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  return { files, valid, problems: placeProblems(problems, files, schemaOf) };
}

/** `changes`: the content as it would be with them (a preview), written nowhere; `dir` stays the folder's. */
export function loadContent(dir: string, changes?: ContentChanges): Content {
  if (changes?.size && !changesInMemoryOnly(changes) && fs.existsSync(dir)) return { ...onCopyWithChanges(dir, changes, (copy) => loadContent(copy)), dir };
  const { files, problems } = readDefinitions(dir, changes);
  if (problems.length) throw new InvalidContentError(problems);
  /** A required single file (its presence is checked by the layout). */
  const one = <T>(file: string): T => files.get(file) as T;
  /** An optional single file. */
  const optional = <T>(file: string): T | undefined => files.get(file) as T | undefined;
  /** Every file of a folder, by file name without .json. */
  const many = <T>(folder: string): Record<string, T> => {
    const out: Record<string, T> = {};
    for (const [file, data] of files) {
      if (file.startsWith(`${folder}/`) && !file.slice(folder.length + 1).includes('/')) out[file.slice(folder.length + 1, -'.json'.length)] = data as T;
    }
    return out;
  };
  const store = loadStore(dir, files);
  return {
    dir,
    settings: one<SiteSettings>('site.json'),
    routes: one<RouteList>('routes.json').routes,
    redirects: one<RouteList>('routes.json').redirects ?? [],
    pages: many<PageDefinition>('pages'),
    paymentMethods: one<PaymentMethodsDefinition>('payment-methods.json').paymentMethods,
    shippingMethods: optional<ShippingMethodsDefinition>('shipping-methods.json')?.shippingMethods ?? [],
    taxRules: optional<TaxRulesDefinition>('tax-rules.json')?.taxRules ?? [],
    dealers: optional<DealersDefinition>('dealers.json')?.dealers ?? [],
    store,
    kitchen: buildKitchenCatalog({
      styles: store.styles,
      priceGroups: optional<PriceGroupsDefinition>('catalog/price-groups.json'),
      cabinetLines: many<CabinetLineDefinition>('catalog/cabinets'),
      countertops: optional<CountertopsDefinition>('catalog/countertops.json'),
      services: optional<ServicesDefinition>('catalog/services.json'),
    }),
    forms: many<FormDefinition>('forms'),
    popups: many<PopupDefinition>('popups'),
    estimators: many<EstimatorTemplate>('estimator'),
    estimatorPricing: Object.fromEntries([...files].filter(([file]) => file === 'data/estimator-pricing.json')) as Record<string, EstimatorPricing>,
  };
}
