/**
 * The nearest cabinet a style has to a code it lacks: same kind first, then the closest width,
 * height and depth. When a visitor switches style, a code the new line does not make is named with
 * this one ("LS36 is not made in Soho Slab: the nearest it has is BBC42.").
 */
import type { CabinetEntry, KitchenCatalog } from '../../catalog/kitchen-catalog';

/** The style's cabinets, in the catalog's order. */
export function styleCabinets(catalog: KitchenCatalog, style: string): CabinetEntry[] {
  return catalog.entries.filter((e): e is CabinetEntry => e.kind === 'cabinet' && e.styleName === style);
}

/** What the code is in some style that has it, or what its letters and digits say. */
function reference(catalog: KitchenCatalog, code: string): Pick<CabinetEntry, 'cabinetKind' | 'width' | 'height' | 'depth'> | null {
  const known = catalog.entries.find((e): e is CabinetEntry => e.kind === 'cabinet' && e.code === code);
  return known ?? null;
}

function letters(code: string): string {
  return /^[A-Z]*/.exec(code)?.[0] ?? '';
}

function digits(code: string): number {
  return Number(/\d+/.exec(code)?.[0] ?? 0);
}

/** The style's cabinet nearest to a code, or null when the style has no cabinet at all. */
export function nearestCabinet(cabinets: readonly CabinetEntry[], catalog: KitchenCatalog, code: string): CabinetEntry | null {
  const ref = reference(catalog, code);
  let best: CabinetEntry | null = null;
  let bestScore = Infinity;
  for (const c of cabinets) {
    const score = ref
      ? (c.cabinetKind === ref.cabinetKind ? 0 : 10_000) + Math.abs(c.width - ref.width) * 4 + Math.abs(c.height - ref.height) + Math.abs(c.depth - ref.depth) * 2
      : (letters(c.code) === letters(code) ? 0 : 10_000) + Math.abs(digits(c.code) - digits(code));
    if (score < bestScore) {
      best = c;
      bestScore = score;
    }
  }
  return best;
}

export function notInStyle(code: string, styleTitle: string, nearest: CabinetEntry | null): string {
  return nearest ? `${code} is not made in ${styleTitle}: the nearest it has is ${nearest.code}.` : `${code} is not made in ${styleTitle}.`;
}
