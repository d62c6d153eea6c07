/** Sort options: A-Z, Z-A, Newest, Oldest (the default list, A-Z first and default). */
export interface SortOption {
  value: string;
  label: string;
}

export const DEFAULT_SORT_OPTIONS: readonly SortOption[] = [
  { value: 'a-z', label: 'A-Z' },
  { value: 'z-a', label: 'Z-A' },
  { value: 'newest', label: 'Newest' },
  { value: 'oldest', label: 'Oldest' },
];

export const DEFAULT_SORT = 'a-z';

export interface SortKeys<T> {
  name(item: T): string;
  /** An ISO date (or anything Date.parse reads); items without one sort last. */
  date?(item: T): string | undefined;
}

function time(value: string | undefined): number {
  const t = value ? Date.parse(value) : NaN;
  return Number.isNaN(t) ? Number.NEGATIVE_INFINITY : t;
}

/** A sorted copy; unknown sort values fall back to the default (A-Z). Stable for equal keys. */
export function sortItems<T>(items: readonly T[], sort: string | undefined, keys: SortKeys<T>): T[] {
  const copy = [...items];
  const byName = (a: T, b: T) => keys.name(a).localeCompare(keys.name(b), 'en', { sensitivity: 'base' });
  switch (sort) {
    case 'z-a':
      return copy.sort((a, b) => byName(b, a));
    case 'newest':
      return copy.sort((a, b) => time(keys.date?.(b)) - time(keys.date?.(a)));
    case 'oldest':
      return copy.sort((a, b) => {
        const ta = time(keys.date?.(a));
        const tb = time(keys.date?.(b));
        if (ta === tb) return 0;
        if (ta === Number.NEGATIVE_INFINITY) return 1;
        if (tb === Number.NEGATIVE_INFINITY) return -1;
        return ta - tb;
      });
    default:
      return copy.sort(byName);
  }
}
