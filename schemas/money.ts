/**
 * Money. Inside the server and the database amounts are integer cents; the API and the definitions
 * speak dollars with two decimals, as the specification shows. These are the only conversions.
 */

/** Dollars (a number such as 12.5) to integer cents, rounded half away from zero. */
export function toCents(dollars: number): number {
  return Math.sign(dollars) * Math.round(Math.abs(dollars) * 100 + Number.EPSILON * 100);
}

/** Integer cents to dollars with at most two decimals. */
export function toDollars(cents: number): number {
  return Math.round(cents) / 100;
}

/** Rounds a dollar amount to 2 decimals, as all money is. */
export function roundMoney(dollars: number): number {
  return toDollars(toCents(dollars));
}

/** $1,234.50: the display form of a dollar amount. */
export function formatMoney(dollars: number): string {
  const sign = dollars < 0 ? '-' : '';
  const [whole, fraction] = Math.abs(roundMoney(dollars)).toFixed(2).split('.') as [string, string];
  return `${sign}$${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${fraction}`;
}
