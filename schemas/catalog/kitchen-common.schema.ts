/** Pieces the kitchen catalog's schemas share: codes, SKUs and an option priced by an amount or a percentage. */

/** Upper-case letters and digits, as the trade writes cabinet and option codes: B24, W3030, GD. */
export const codePattern = '^[A-Z0-9]{1,12}$';

/** A stock keeping unit: upper-case letters, digits and hyphens, unique across the catalog. */
export const skuPattern = '^[A-Z0-9][A-Z0-9-]*$';

/** Dollars; amounts are taken to the cent (schemas/money.ts toCents). */
export const dollars = { type: 'number', minimum: 0, maximum: 1_000_000 } as const;

/** A percentage, taken to the hundredth; a negative one is a reduction. */
export const percent = { type: 'number', minimum: -90, maximum: 500 } as const;

/**
 * An option priced by an amount or by a percentage, never both: a cabinet's modification (glass door,
 * finished end), a countertop's edge profile. That it has exactly one of the two is the lint's to
 * check (server/content/lint/kitchen-catalog.ts): a schema's oneOf reads badly to an operator.
 */
export function pricedOptionSchema<const T extends string, const D extends string>(title: T, description: D, amountMeans: string, percentOf: string) {
  return {
    type: 'object',
    title,
    description,
    additionalProperties: false,
    required: ['code', 'label'],
    properties: {
      code: { title: 'Code', type: 'string', pattern: codePattern, description: 'Its code, upper-case letters and digits, e.g. GD; unique in its list.' },
      label: { title: 'Label', type: 'string', minLength: 1, maxLength: 80, description: 'What the customer reads on the quote, e.g. Glass door.' },
      price: { title: 'Price', ...dollars, description: `${amountMeans} Give a price or a percent, not both.` },
      percent: { title: 'Percentage', ...percent, description: `A percentage of ${percentOf}. Give a price or a percent, not both.` },
    },
  } as const;
}
