/**
 * What changed in a definition file, read as changes: "Block 1 (Banner slider) · Banner slide 1 ·
 * Title: A → B", "Block 3 (Rich text) added". The history and the review show these lines first
 * and the unified diff as a detail. Values are shortened and read as text (rich text without its
 * tags, a list as its count, a group as the name it goes by).
 *
 * Lists are compared by what stayed: the items equal on both sides are matched in order (a longest
 * common subsequence), so a block added at the top is one "added" line, not every block "changed";
 * the items between two matched ones are compared in turn.
 */
import { definitionSchemas } from '../../schemas/index';
import { childSchema, stepLabel } from '../../schemas/definition-labels';
import { schemaOfPath } from './content-path';

export interface ChangeLine {
  where: string;
  change: 'added' | 'removed' | 'changed';
  before?: string;
  after?: string;
}

type Schema = Record<string, unknown>;

/** At most this many lines per file; then one that counts the rest. */
export const MAX_CHANGE_LINES = 40;
const SHORT = 80;
/** Above this many item pairs, a list is compared item by item in place (the LCS would cost too much). */
const LCS_LIMIT = 250_000;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  return JSON.stringify(a) === JSON.stringify(b);
}

function shorten(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > SHORT ? `${flat.slice(0, SHORT - 1)}…` : flat;
}

/** A value as a person reads it. */
export function valueText(value: unknown): string {
  if (typeof value === 'string') {
    // Rich text: its words, not its tags.
    const words = /<\/?[a-z][^>]*>/i.test(value)
      ? value
          .replace(/<\/?(?:strong|b|em|i|a)\b[^>]*>/gi, '')
          .replace(/<[^>]*>/g, ' ')
          .replace(/&nbsp;/g, ' ')
          .replace(/&amp;/g, '&')
      : value;
    return shorten(words) || '(empty)';
  }
  if (typeof value === 'boolean') return value ? 'on' : 'off';
  if (typeof value === 'number') return String(value);
  if (value === null || value === undefined) return '(none)';
  if (Array.isArray(value)) return value.length === 1 ? '1 item' : `${value.length} items`;
  if (!isObject(value)) return '';
  for (const key of ['title', 'heading', 'label', 'name', 'path', 'text', 'question', 'src', 'form', 'page', 'html']) {
    const v = value[key];
    if (typeof v === 'string' && v.trim()) return valueText(key === 'path' && typeof value.page === 'string' ? `${v} → ${value.page}` : v);
  }
  return '';
}

/** Index pairs of the items equal on both sides, in order. */
function matchedPairs(a: readonly unknown[], b: readonly unknown[]): [number, number][] {
  if (a.length * b.length > LCS_LIMIT) return [];
  const ka = a.map((x) => JSON.stringify(x));
  const kb = b.map((x) => JSON.stringify(x));
  const table: number[][] = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) table[i]![j] = ka[i] === kb[j] ? table[i + 1]![j + 1]! + 1 : Math.max(table[i + 1]![j]!, table[i]![j + 1]!);
  }
  const pairs: [number, number][] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (ka[i] === kb[j]) {
      pairs.push([i, j]);
      i++;
      j++;
    } else if (table[i + 1]![j]! >= table[i]![j + 1]!) i++;
    else j++;
  }
  return pairs;
}

class Walker {
  readonly lines: ChangeLine[] = [];
  private more = 0;

  constructor(private readonly root: Schema | undefined) {}

  private push(line: ChangeLine): void {
    if (this.lines.length < MAX_CHANGE_LINES) this.lines.push(line);
    else this.more++;
  }

  finish(): ChangeLine[] {
    if (this.more) this.lines.push({ where: `${this.more} more ${this.more === 1 ? 'change' : 'changes'}`, change: 'changed' });
    return this.lines;
  }

  private label(schema: Schema | undefined, parentLabel: string, parent: unknown, key: string, child: unknown): string {
    return this.root ? stepLabel(this.root, schema, parentLabel, parent, key, child) : key;
  }

  private child(schema: Schema | undefined, parent: unknown, key: string): Schema | undefined {
    return this.root ? childSchema(this.root, schema, parent, key) : undefined;
  }

  walk(before: unknown, after: unknown, schema: Schema | undefined, labels: string[], label: string): void {
    if (same(before, after)) return;
    const where = labels.join(' · ');
    if (before === undefined) return this.push({ where, change: 'added', after: valueText(after) });
    if (after === undefined) return this.push({ where, change: 'removed', before: valueText(before) });
    if (isObject(before) && isObject(after) && before.type === after.type) {
      for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
        if (key === '$schema') continue;
        const parent = key in after ? after : before;
        const step = this.label(schema, label, parent, key, parent[key]);
        this.walk(before[key], after[key], this.child(schema, parent, key), [...labels, step], step);
      }
      return;
    }
    if (Array.isArray(before) && Array.isArray(after)) return this.walkList(before, after, schema, labels, label);
    this.push({ where, change: 'changed', before: valueText(before), after: valueText(after) });
  }

  /**
   * Items equal on both sides anchor the comparison. Between two anchors, an item is compared with
   * the first one of the same type on the other side (a block edited and another added beside it),
   * items without a type in order; what is left was added or removed. A list's own name gives way
   * to its item's ("Route 4", not "Routes · Route 4").
   */
  private walkList(before: unknown[], after: unknown[], schema: Schema | undefined, labels: string[], label: string): void {
    const outer = labels.slice(0, -1);
    const itemLabel = (list: unknown[], at: number) => this.label(schema, label, list, String(at), list[at]);
    const typeOf = (v: unknown) => (isObject(v) ? v.type : undefined);
    const pairs = [...matchedPairs(before, after), [before.length, after.length] as [number, number]];
    let i = 0;
    let j = 0;
    for (const [mi, mj] of pairs) {
      const left = Array.from({ length: mj - j }, (_, k) => j + k);
      const events: { at: number; line: () => void }[] = [];
      for (; i < mi; i++) {
        const bi = i;
        const k = left.findIndex((aj) => typeOf(after[aj]) === typeOf(before[bi]));
        if (k === -1) {
          events.push({ at: bi, line: () => this.push({ where: [...outer, itemLabel(before, bi)].join(' · '), change: 'removed', before: valueText(before[bi]) }) });
          continue;
        }
        const aj = left.splice(k, 1)[0]!;
        const step = itemLabel(after, aj);
        events.push({ at: aj, line: () => this.walk(before[bi], after[aj], this.child(schema, after, String(aj)), [...outer, step], step) });
      }
      for (const aj of left) events.push({ at: aj, line: () => this.push({ where: [...outer, itemLabel(after, aj)].join(' · '), change: 'added', after: valueText(after[aj]) }) });
      for (const e of events.sort((x, y) => x.at - y.at)) e.line();
      i = mi + 1;
      j = mj + 1;
    }
  }
}

/**
 * The lines of what changed from `before` to `after` (texts of one file; null: the file did not
 * exist). A text that is not JSON gives no lines: the diff says it.
 */
export function changeLines(path: string, before: string | null, after: string | null): ChangeLine[] {
  const name = schemaOfPath(path);
  const root = name ? (definitionSchemas[name] as unknown as Schema) : undefined;
  const parse = (text: string | null): unknown => {
    if (text === null) return undefined;
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return Symbol.for('not json');
    }
  };
  const a = parse(before);
  const b = parse(after);
  if (typeof a === 'symbol' || typeof b === 'symbol') return [];
  if (a === undefined && b !== undefined) return [{ where: '', change: 'added', after: valueText(b) }];
  if (b === undefined && a !== undefined) return [{ where: '', change: 'removed', before: valueText(a) }];
  const walker = new Walker(root);
  walker.walk(a, b, root, [], '');
  return walker.finish();
}
