/**
 * What number inputs let the visitor type: a number field accepts digits with one optional
 * decimal point; an onlyNumbers field accepts digits only. The renderer keeps the previous text when
 * a keystroke or paste would break the rule.
 */

export function isNumberText(text: string): boolean {
  return /^\d*\.?\d*$/.test(text);
}

export function isDigitsText(text: string): boolean {
  return /^\d*$/.test(text);
}

/** The text the input should hold after the visitor typed `next` over `previous`. */
export function acceptTypedNumber(previous: string, next: string, options: { onlyNumbers?: boolean }): string {
  const ok = options.onlyNumbers ? isDigitsText(next) : isNumberText(next);
  return ok ? next : previous;
}
