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
}

export interface SampleCatalog {
  findSample(sku: string): CatalogSample | undefined;
  all(): CatalogSample[];
}

export function sampleCatalog(samples: readonly CatalogSample[]): SampleCatalog {
  const bySku = new Map(samples.map((s) => [s.sku, s]));
  return { findSample: (sku) => bySku.get(sku), all: () => [...bySku.values()] };
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
