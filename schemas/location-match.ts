/**
 * How shipping and tax rules pick the entry for an address: the state's own entry before
 * the "*" state, and inside a state an exact ZIP code before a range before "*". Pure and shared.
 */

/** How well a ZIP pattern matches a ZIP code: 3 exact, 2 range, 1 wildcard, 0 no match. */
export function zipMatchRank(pattern: string, zip: string): 0 | 1 | 2 | 3 {
  const p = pattern.trim();
  const z = zip.trim();
  if (p === '*') return 1;
  const range = /^(\d+)-(\d+)$/.exec(p);
  if (range) {
    // ZIP+4 ("96815-1234") is compared by its five-digit part.
    const digits = /^(\d+)(?:-\d+)?$/.exec(z);
    if (!digits) return 0;
    const value = Number(digits[1]);
    return value >= Number(range[1]) && value <= Number(range[2]) ? 2 : 0;
  }
  if (p.toLowerCase() === z.toLowerCase()) return 3;
  // "96815-1234" matches the exact entry "96815".
  return /^\d+-\d+$/.test(z) && z.slice(0, z.indexOf('-')) === p ? 3 : 0;
}

/** The best rank among an entry's patterns (no patterns means every ZIP code). */
export function bestZipRank(patterns: readonly string[] | undefined, zip: string): 0 | 1 | 2 | 3 {
  if (!patterns || patterns.length === 0) return 1;
  let best: 0 | 1 | 2 | 3 = 0;
  for (const p of patterns) best = Math.max(best, zipMatchRank(p, zip)) as 0 | 1 | 2 | 3;
  return best;
}

export function sameCode(a: string, b: string): boolean {
  return a.trim().toUpperCase() === b.trim().toUpperCase();
}

/**
 * Picks the entry for a state and ZIP code: among the entries of the state itself the one with the
 * best ZIP match (the first on a tie); when none of them matches, the same among the "*" states.
 */
export function pickForAddress<T extends { state: string }>(
  entries: readonly T[],
  state: string,
  zip: string,
  zipPatterns: (entry: T) => readonly string[] | undefined,
): T | undefined {
  const best = (candidates: readonly T[]): T | undefined => {
    let found: T | undefined;
    let rank = 0;
    for (const entry of candidates) {
      const r = bestZipRank(zipPatterns(entry), zip);
      if (r > rank) {
        rank = r;
        found = entry;
      }
    }
    return found;
  };
  return (
    best(entries.filter((e) => e.state.trim() !== '*' && sameCode(e.state, state))) ??
    best(entries.filter((e) => e.state.trim() === '*'))
  );
}
