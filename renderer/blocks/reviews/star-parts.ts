/** Star rating: out of 5 (by default), in half stars. */
export const MAX_STARS = 5;
export type StarPart = 'full' | 'half' | 'empty';

/** The stars to draw for a rating, rounded to the nearest half and clamped to 0..max. */
export function starParts(rating: number, max = MAX_STARS): StarPart[] {
  const safe = Number.isFinite(rating) ? Math.min(Math.max(rating, 0), max) : 0;
  const halves = Math.round(safe * 2);
  return Array.from({ length: max }, (_, i) => (halves >= (i + 1) * 2 ? 'full' : halves === i * 2 + 1 ? 'half' : 'empty'));
}
