/**
 * The sample prices the server charges. Samples come from the catalog's product styles
 * (every JSON file under the content folder's `catalog/`): every style item with a sku and a price in dollars. The browser
 * sends only SKUs; names, prices and weights are read here.
 */
import fs from 'node:fs';
import path from 'node:path';
import { toCents } from '../../schemas/money';
import { isRecord } from './request-input';

export interface CatalogSample {
  sku: string;
  name: string;
  priceCents: number;
  weight: number;
  styleName: string;
  styleTitle: string;
  /** False for a real product (a cabinet) that only a quote sells; absent in hand-made catalogs: a sample. */
  isSample?: boolean;
  /** The finish the item is made in, when it names one (every door sample does). */
  finish?: CatalogOption;
  /** The finishes of the item's style, for a quote line to choose from. */
  finishes?: readonly CatalogOption[];
}

/** A finish as a line carries it: its group (painted, stained), its value and what a person reads. */
export interface CatalogOption {
  type: string;
  value: string;
  label: string;
}

export interface SampleCatalog {
  findSample(sku: string): CatalogSample | undefined;
  all(): CatalogSample[];
}

export function sampleCatalog(samples: readonly CatalogSample[]): SampleCatalog {
  const bySku = new Map(samples.map((s) => [s.sku, s]));
  return { findSample: (sku) => bySku.get(sku), all: () => [...bySku.values()] };
}

/** A style's finish groups (product-style.schema: finishes[].items[]) as options. */
function styleFinishes(groups: unknown): CatalogOption[] {
  if (!Array.isArray(groups)) return [];
  return groups.flatMap((g) =>
    isRecord(g) && typeof g.name === 'string' && Array.isArray(g.items)
      ? g.items.filter(isRecord).filter((f) => typeof f.value === 'string').map((f) => ({ type: g.name as string, value: f.value as string, label: typeof f.label === 'string' ? f.label : (f.value as string) }))
      : [],
  );
}

/** An item's own finish, labelled as its style names it. */
function finishOf(finishes: readonly CatalogOption[], raw: Record<string, unknown>): CatalogOption {
  const type = String(raw.type ?? '');
  const value = String(raw.value ?? '');
  return finishes.find((f) => f.type === type && f.value === value) ?? { type, value, label: value };
}

/** Collects style items from any nesting (a file may hold a list of styles, or {styles: [...]}) */
function collect(node: unknown, out: CatalogSample[], depth = 0): void {
  if (depth > 6) return;
  if (Array.isArray(node)) {
    for (const child of node) collect(child, out, depth + 1);
    return;
  }
  if (!isRecord(node)) return;
  const items = node.items;
  if (Array.isArray(items) && typeof node.name === 'string') {
    const finishes = styleFinishes(node.finishes);
    for (const item of items) {
      if (!isRecord(item) || typeof item.sku !== 'string' || item.sku === '') continue;
      const price = typeof item.price === 'number' ? item.price : typeof item.price === 'string' ? Number(item.price) : NaN;
      if (!Number.isFinite(price) || price < 0) continue;
      out.push({
        sku: item.sku,
        name: typeof item.name === 'string' ? item.name : item.sku,
        priceCents: toCents(price),
        weight: typeof item.weight === 'number' && item.weight >= 0 ? item.weight : 0,
        styleName: node.name,
        styleTitle: typeof node.title === 'string' ? node.title : node.name,
        isSample: item.isSample !== false,
        ...(isRecord(item.finish) ? { finish: finishOf(finishes, item.finish) } : {}),
        finishes,
      });
    }
    return;
  }
  for (const value of Object.values(node)) if (typeof value === 'object') collect(value, out, depth + 1);
}

/** Reads every catalog file of a content folder. A missing folder is an empty catalog. */
export function loadSampleCatalog(contentDir: string): SampleCatalog {
  const dir = path.join(contentDir, 'catalog');
  const samples: CatalogSample[] = [];
  const visit = (folder: string, depth: number) => {
    if (depth > 3 || !fs.existsSync(folder)) return;
    for (const entry of fs.readdirSync(folder, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) visit(full, depth + 1);
      else if (entry.name.endsWith('.json')) {
        try {
          collect(JSON.parse(fs.readFileSync(full, 'utf8')), samples);
        } catch {
          // The content loader has already refused invalid JSON in known files; skip anything else.
        }
      }
    }
  };
  visit(dir, 0);
  return sampleCatalog(samples);
}
