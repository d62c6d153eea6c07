/**
 * A cabinet list from a file: the CSV of code, quantity and finish that kitchen design software
 * exports, read into quote lines of one style. A code is the style's cabinet code (B24) or any SKU
 * of the catalog (a countertop, a service); a finish is one of the style's, by its name or its code,
 * else the one chosen for the whole import. A row that cannot be read is listed with its number and
 * what it may have meant ("did you mean"), never dropped in silence; nothing is stored.
 */
import { parse } from 'csv-parse/sync';
import { CSV_EMPTY, MAX_CSV_ROWS } from '../../schemas/api/back-office-quotes';
import type { CabinetEntry, FinishChoice, KitchenEntry } from '../../schemas/catalog/kitchen-catalog';
import { closestName } from '../../schemas/evaluators/closest-name';
import { ApiError } from '../http/api-error';
import { kitchenLineView, type CatalogLineView } from './catalog-search';
import type { QuoteCatalog } from './quote-pricing';

export interface ImportedRow {
  row: number;
  line: { sku: string; qty: number; finish?: { type: string; value: string } };
  item: CatalogLineView;
}

export interface ImportProblem {
  row: number;
  text: string;
  message: string;
  suggestion: string | null;
}

const refuse = (message: string, field = 'csv') => new ApiError(400, 'validation_failed', message, { [field]: message });

function readRows(csv: string): string[][] {
  try {
    return parse(csv, { bom: true, delimiter: [',', ';', '\t'], relax_column_count: true, relax_quotes: true, skip_empty_lines: true, trim: true }) as string[][];
  } catch (err) {
    throw refuse(`The file could not be read as CSV: ${(err as Error).message.split('\n')[0]}`);
  }
}

function finishOf(text: string, finishes: readonly FinishChoice[]): FinishChoice | undefined {
  const wanted = text.trim().toLowerCase();
  return finishes.find((f) => f.label.toLowerCase() === wanted || f.value === wanted || `${f.type} ${f.value}` === wanted);
}

/** The styles a cabinet list may be imported into: those with a cabinet line, with their finishes. */
export function cabinetStyles(kitchen: QuoteCatalog['kitchen']): { name: string; title: string; finishes: { type: string; value: string; label: string }[] }[] {
  const styles = new Map<string, { name: string; title: string; finishes: { type: string; value: string; label: string }[] }>();
  for (const e of kitchen.entries) {
    if (e.kind !== 'cabinet' || styles.has(e.styleName)) continue;
    styles.set(e.styleName, { name: e.styleName, title: e.styleTitle, finishes: e.finishes.map((f) => ({ type: f.type, value: f.value, label: f.label })) });
  }
  return [...styles.values()];
}

export function importCabinetList(catalog: QuoteCatalog, input: { csv: string; style: string; finish?: { type: string; value: string } | undefined }): { lines: ImportedRow[]; problems: ImportProblem[] } {
  const cabinets = catalog.kitchen.entries.filter((e): e is CabinetEntry => e.kind === 'cabinet' && e.styleName === input.style);
  if (!cabinets.length) throw refuse(`The style "${input.style.slice(0, 100)}" has no cabinet line.`, 'style');
  const styleTitle = cabinets[0]!.styleTitle;
  const finishes = cabinets[0]!.finishes;
  const chosen = input.finish ? finishes.find((f) => f.type === input.finish!.type && f.value === input.finish!.value) : undefined;
  if (input.finish && !chosen) throw refuse("Choose one of the style's finishes.", 'finish');

  let rows = readRows(input.csv).map((cells, i) => ({ row: i + 1, cells }));
  // A header row ("Code, Qty, Finish") is skipped: its first cell is no code of the catalog and says so.
  if (rows[0] && /^(code|item|sku|part|cabinet)/i.test(rows[0].cells[0] ?? '')) rows = rows.slice(1);
  if (!rows.length) throw refuse(CSV_EMPTY);
  if (rows.length > MAX_CSV_ROWS) throw refuse(`The file has ${rows.length} lines: a quote holds at most ${MAX_CSV_ROWS}.`);

  const codes = cabinets.map((c) => c.code);
  const skus = catalog.kitchen.entries.map((e) => e.sku);
  const lines: ImportedRow[] = [];
  const problems: ImportProblem[] = [];
  for (const { row, cells } of rows) {
    const [rawCode = '', rawQty = '1', rawFinish = ''] = cells;
    const text = cells.join(', ').slice(0, 200);
    const code = rawCode.toUpperCase().replace(/\s+/g, '');
    const entry: KitchenEntry | undefined = cabinets.find((c) => c.code === code) ?? catalog.kitchen.find(code);
    if (!entry) {
      problems.push({ row, text, message: `"${rawCode.slice(0, 40)}" is not a cabinet of ${styleTitle} nor a SKU of the catalog.`, suggestion: closestName(code, codes) ?? closestName(code, skus) ?? null });
      continue;
    }
    const qty = Number(rawQty);
    if (!Number.isInteger(qty) || qty < 1 || qty > 999) {
      problems.push({ row, text, message: `The quantity "${rawQty.slice(0, 20)}" is not a whole number from 1 to 999.`, suggestion: null });
      continue;
    }
    if (entry.kind !== 'cabinet') {
      lines.push({ row, line: { sku: entry.sku, qty }, item: kitchenLineView(entry) });
      continue;
    }
    const finish = rawFinish ? finishOf(rawFinish, entry.finishes) : chosen;
    if (!finish) {
      const names = entry.finishes.map((f) => f.label);
      problems.push({
        row,
        text,
        message: rawFinish ? `"${rawFinish.slice(0, 40)}" is not a finish of ${styleTitle}.` : `Row ${row} names no finish: choose one for the whole list.`,
        suggestion: rawFinish ? (closestName(rawFinish, names) ?? null) : null,
      });
      continue;
    }
    lines.push({ row, line: { sku: entry.sku, qty, finish: { type: finish.type, value: finish.value } }, item: kitchenLineView(entry) });
  }
  return { lines, problems };
}
