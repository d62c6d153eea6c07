/**
 * "Did you mean ...?": the one edit-distance helper behind every suggestion the validator makes, for
 * a misspelt property (../schema-validator.ts), an unknown block or field type, a popup name...
 */

/** Edit distance between two words (insertions, deletions, substitutions, swaps of neighbours). */
export function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
    }
  }
  return d[a.length]![b.length]!;
}

/**
 * The known name a misspelt one most likely meant: the same but for case, or close in spelling (one
 * edit per four letters, at least one). Undefined when nothing is that close: a wild guess misleads.
 */
export function closestName(name: string, known: Iterable<string>): string | undefined {
  let best: { name: string; distance: number } | undefined;
  for (const candidate of known) {
    const distance = candidate.toLowerCase() === name.toLowerCase() ? 0 : editDistance(name.toLowerCase(), candidate.toLowerCase());
    if (distance <= Math.max(1, Math.floor(candidate.length / 4)) && (!best || distance < best.distance)) best = { name: candidate, distance };
  }
  return best?.name;
}

/** ' (did you mean "x"?)' when a known name is close, else ''. */
export function didYouMean(name: string, known: Iterable<string>): string {
  const guess = closestName(name, known);
  return guess === undefined ? '' : ` (did you mean "${guess}"?)`;
}
