/** Visible swatches: 11 by default, 10 in the product swatch list, 9 on the style card. */
export const SWATCH_LIMITS = { default: 11, productList: 10, styleCard: 9 } as const;
/** Product style layout V2 shows up to 10 finishes. */
export const V2_VISIBLE_FINISHES = 10;

/** The swatches to show and how many are hidden behind the '+N' expander. */
export function visibleSwatches<T>(items: readonly T[], limit: number, expanded: boolean): { visible: T[]; hidden: number } {
  if (expanded || items.length <= limit) return { visible: [...items], hidden: 0 };
  return { visible: items.slice(0, limit), hidden: items.length - limit };
}
