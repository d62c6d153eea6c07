/**
 * "Did you mean ...?": the one suggestion function of the store, for the validator and the content
 * lint (a misspelt property, an unknown block type, a popup name...), the studio's editor and the
 * cabinet-list import (an unknown code or finish). It runs on a server's event loop with text a
 * request sent, so its work is bounded whatever it is given:
 *
 * - a name longer than MAX_SUGGESTED_NAME gets no suggestion (no one misspells 65 letters);
 * - a candidate whose length differs from the name's by more than the distance allowed is skipped
 *   before any comparison (a 100 kB code costs nothing against a 4-letter one);
 * - the edit distance is computed in a band of the allowed distance only, and given up as soon as a
 *   row of the band is past it (Ukkonen's cut-off), so one comparison costs at most
 *   (name length + 1) × (2 × allowed + 1) cells;
 * - one call computes at most SUGGESTION_WORK_LIMIT cells over all its candidates, and stops at the
 *   best found so far when that is spent.
 *
 * No library does this: fastest-levenshtein and friends compute the whole matrix, with no cut-off.
 */

/** The longest name a suggestion is looked for. */
export const MAX_SUGGESTED_NAME = 64;
/** Cells of the edit-distance band one suggestion may compute over all its candidates. */
export const SUGGESTION_WORK_LIMIT = 50_000;

/** Counts the work done (cells computed), for the tests that hold the bound. */
export interface SuggestionMeter {
  cells: number;
}

/** How far a candidate may be from the name to be suggested: one edit per four letters, at least one. */
export const quarterOfLength = (candidateLength: number) => Math.max(1, Math.floor(candidateLength / 4));

/**
 * The edit distance between two words (insertions, deletions, substitutions, swaps of neighbours),
 * or `max + 1` as soon as it is known to be above `max`. Only the cells within `max` of the
 * diagonal are computed.
 */
export function boundedEditDistance(a: string, b: string, max: number, meter?: SuggestionMeter): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const over = max + 1;
  const width = b.length + 1;
  // Three rows suffice: the swap of neighbours looks two rows back.
  let before = new Array<number>(width).fill(over);
  let prev = Array.from({ length: width }, (_, j) => (j <= max ? j : over));
  let row = new Array<number>(width).fill(over);
  for (let i = 1; i <= a.length; i++) {
    const from = Math.max(1, i - max);
    const to = Math.min(b.length, i + max);
    row.fill(over);
    if (i <= max) row[0] = i;
    let best = row[0]!;
    for (let j = from; j <= to; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, before[j - 2]! + 1);
      row[j] = Math.min(d, over);
      if (d < best) best = d;
    }
    if (meter) meter.cells += to - from + 1;
    if (best > max) return over;
    [before, prev, row] = [prev, row, before];
  }
  return Math.min(prev[b.length]!, over);
}

export interface SuggestionOptions {
  /** How far a candidate of this length may be (default: one edit per four letters, at least one). */
  tolerance?: (candidateLength: number) => number;
  meter?: SuggestionMeter;
}

/**
 * The known name a misspelt one most likely meant: the same but for case, or close in spelling.
 * Undefined when nothing is that close (a wild guess misleads), or the name is too long to be a slip.
 */
export function closestName(name: string, known: Iterable<string>, options: SuggestionOptions = {}): string | undefined {
  if (name.length > MAX_SUGGESTED_NAME) return undefined;
  const tolerance = options.tolerance ?? quarterOfLength;
  const meter = options.meter ?? { cells: 0 };
  const budgetEnd = meter.cells + SUGGESTION_WORK_LIMIT;
  const wanted = name.toLowerCase();
  let best: { name: string; distance: number } | undefined;
  for (const candidate of known) {
    if (meter.cells >= budgetEnd) break;
    const lower = candidate.toLowerCase();
    if (lower === wanted) return candidate;
    // Never more than the best so far: a candidate is worth computing only if it could be closer.
    const max = Math.min(tolerance(candidate.length), best ? best.distance - 1 : Infinity, MAX_SUGGESTED_NAME);
    if (max < 1 || candidate.length > MAX_SUGGESTED_NAME + max) continue;
    const distance = boundedEditDistance(wanted, lower, max, meter);
    if (distance <= max) best = { name: candidate, distance };
  }
  return best?.name;
}

/** ' (did you mean "x"?)' when a known name is close, else ''. */
export function didYouMean(name: string, known: Iterable<string>): string {
  const guess = closestName(name, known);
  return guess === undefined ? '' : ` (did you mean "${guess}"?)`;
}
