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
import type { LintInput } from './lint/lint-input';
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

/** One definition file read: its syntax and schema checked. */
export interface FileRead {
  /** The parsed JSON; absent when the text is not JSON (or nests too deep to walk). */
  data?: unknown;
  parsed: boolean;
  valid: boolean;
  /** Its syntax, duplicate-key and schema problems, in that order. */
  problems: DefinitionProblem[];
}

/** Parses one definition file's text and checks it against its schema. */
export function readDefinitionFile(file: string, text: string, schema: DefinitionSchemaName): FileRead {
  // Read no further: the checks that walk a parsed definition would overflow the stack on it.
  const tooDeep = tooDeepProblem(text);
  if (tooDeep) return { parsed: false, valid: false, problems: [{ file, pointer: '', message: tooDeep }] };
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { parsed: false, valid: false, problems: [{ file, pointer: '', message: describeJsonSyntax(text) }] };
  }
  const problems: DefinitionProblem[] = [];
  for (const d of findDuplicateKeys(text)) {
    const where = d.firstLine === d.line ? `on line ${d.line}` : `on lines ${d.firstLine} and ${d.line}`;
    problems.push({ file, pointer: d.pointer, message: `has the property "${d.key}" twice (${where}); only the last one would count, so keep one` });
  }
  const found = validateDefinition(schema, file, data);
  problems.push(...found);
  return { data, parsed: true, valid: found.length === 0, problems };
}

/** A folder's definition files read and each checked alone: what the lint checks then read across. */
export interface FolderRead extends LintInput {
  files: Map<string, unknown>;
  valid: Set<string>;
  schemaOf: Map<string, DefinitionSchemaName>;
  unparsed: Set<string>;
  /** The text of each definition file read, by path. */
  texts: Map<string, string>;
  /** The problems of each file alone and of the folder's layout (a required file missing, a file in no known place). */
  problems: DefinitionProblem[];
}

/** How a definition file's text is read and checked: `readDefinitionFile`, or a memo of it (../site-check.ts). */
export type FileReader = (file: string, text: string, schema: DefinitionSchemaName) => FileRead;

/**
 * Reads and schema-checks every known definition file of a folder, with the changes in place; null
 * when `dir` is not a folder. The changes must be texts of definition files (`changesInMemoryOnly`).
 */
export function readFolder(dir: string, changes?: ContentChanges, read: FileReader = readDefinitionFile): FolderRead | null {
  if (!fs.existsSync(dir) || !fs.statSync(dir).isDirectory()) return null;
  const out: FolderRead = { dir, files: new Map(), valid: new Set(), schemaOf: new Map(), unparsed: new Set(), texts: new Map(), problems: [] };
  const all = listedWithChanges(listJsonFiles(dir), changes);
  for (const entry of contentLayout) {
    const matching = all.filter((f) => matchesPattern(entry.pattern, f));
    if (entry.required && matching.length === 0) {
      out.problems.push({ file: entry.pattern, pointer: '', message: 'is missing from the content folder' });
    }
    for (const file of matching) {
      const text = changes?.get(file) ?? fs.readFileSync(path.join(dir, file), 'utf8');
      out.texts.set(file, text);
      const result = read(file, text, entry.schema);
      out.problems.push(...result.problems);
      if (!result.parsed) continue;
      out.files.set(file, result.data);
      out.schemaOf.set(file, entry.schema);
      if (result.valid) out.valid.add(file);
    }
  }
  // A file in no known place is never read: most often a misspelt folder or file name.
  for (const file of all) {
    if (file.startsWith('images/') || contentLayout.some((e) => matchesPattern(e.pattern, file))) continue;
    out.problems.push({ file, pointer: '', message: 'is not read by the store: no kind of definition lives at this place (check the folder and file name)' });
  }
  // Files of a known place that are there but are not JSON: a reference to one is not "missing".
  for (const f of all) if (!out.files.has(f) && contentLayout.some((e) => matchesPattern(e.pattern, f))) out.unparsed.add(f);
  return out;
}

/** The problems of a folder read and of its lint, as a check reports them: one file's together, files in path order, each placed in the form's words. */
export function folderProblems(folder: FolderRead, lintProblems: DefinitionProblem[]): DefinitionProblem[] {
  // Within a file, its own problems (syntax, then schema) first, then the lint's in check order.
  const problems = [...folder.problems, ...lintProblems].sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  return placeProblems(problems, folder.files, folder.schemaOf);
}

/**
 * Reads, schema-checks and lints every known definition file; returns the parsed files and the problems.
 * `changes` (./content-changes.ts): the folder as it would be with them (a text replaces or adds a
 * file, null removes it), written nowhere.
 */
export function readDefinitions(dir: string, changes?: ContentChanges): DefinitionFiles {
  // Changes a check may look for on disk (a removal, a blog body, an image) are read on a copy.
  if (changes?.size && !changesInMemoryOnly(changes) && fs.existsSync(dir)) return onCopyWithChanges(dir, changes, (copy) => readDefinitions(copy));
  const folder = readFolder(dir, changes);
  if (!folder) return { files: new Map(), valid: new Set(), problems: [{ file: dir, pointer: '', message: 'is not a folder that can be read' }] };
  return { files: folder.files, valid: folder.valid, problems: folderProblems(folder, lintDefinitions(folder)) };
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
