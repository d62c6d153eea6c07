/**
 * Masonry breakpoints: columns 1 from 350 px, 2 from 750, 2 from 900, 3 from 1200;
 * gutters 10, 20 and 30 px (10 under 750, 20 from 750, 30 from 1200). masonry.css states the same
 * values as media queries, so the layout is pure CSS (no JavaScript measuring, no layout shift).
 */
export const MASONRY_COLUMNS: readonly [minWidth: number, columns: number][] = [
  [350, 1],
  [750, 2],
  [900, 2],
  [1200, 3],
];
export const MASONRY_GUTTERS: readonly [minWidth: number, gutterPx: number][] = [
  [0, 10],
  [750, 20],
  [1200, 30],
];

function pick(table: readonly [number, number][], width: number, fallback: number): number {
  let value = fallback;
  for (const [min, v] of table) if (width >= min) value = v;
  return value;
}

export function masonryColumns(width: number): number {
  return pick(MASONRY_COLUMNS, width, 1);
}

export function masonryGutter(width: number): number {
  return pick(MASONRY_GUTTERS, width, 10);
}
