/**
 * Shipping and tax rules a schema accepts but the store would get wrong, silently and with money:
 * a method whose rate table is missing (it never applies), an entry with no rate that does not
 * disable shipping (it would ship for free), a range that ends before it starts or that an earlier
 * range already covers, and the same ZIP pattern listed twice for one state (only one can win).
 */
import type { ShippingMethodsDefinition } from '../../../schemas/shipping.schema';
import type { TaxRulesDefinition } from '../../../schemas/tax.schema';
import type { DefinitionProblem } from '../definition-problem';
import { validFilesOf, type LintInput } from './lint-input';

function repeatedZips(file: string, pointerOf: (k: number) => string, zips: readonly string[], problems: DefinitionProblem[]): void {
  const seen = new Map<string, number>();
  zips.forEach((zip, k) => {
    const first = seen.get(zip.trim());
    if (first !== undefined) problems.push({ file, pointer: pointerOf(k), message: `repeats the ZIP code pattern "${zip}" of entry ${first}; only one of them can apply` });
    else seen.set(zip.trim(), k);
  });
}

export function checkShippingTaxRules(input: LintInput): DefinitionProblem[] {
  const problems: DefinitionProblem[] = [];
  for (const [file, def] of validFilesOf<ShippingMethodsDefinition>(input, 'shipping-methods')) {
    const types = new Map<string, number>();
    def.shippingMethods.forEach((method, m) => {
      const at = `/shippingMethods/${m}`;
      if (method.type === 'no-methods') {
        problems.push({ file, pointer: `${at}/type`, message: 'uses the code "no-methods", which checkout keeps for "no shipping method is available"; choose another code' });
      }
      const first = types.get(method.type);
      if (first !== undefined) problems.push({ file, pointer: `${at}/type`, message: `repeats the code "${method.type}" of method ${first}; each method needs its own code` });
      else types.set(method.type, m);

      if (method.calculateRateBy === 'Order') {
        if (!method.rates.byOrder) {
          problems.push({ file, pointer: `${at}/rates`, message: 'has no "byOrder" rates, but calculateRateBy is "Order": the method would never apply' });
          return;
        }
        const ranges = method.rates.byOrder.orderRange;
        ranges.forEach((range, r) => {
          const rat = `${at}/rates/byOrder/orderRange/${r}`;
          if (range.endValue !== undefined && range.endValue < range.startValue) {
            problems.push({ file, pointer: `${rat}/endValue`, message: `is ${range.endValue}, below the range's startValue ${range.startValue}: no subtotal falls in it` });
          }
          const earlier = ranges.findIndex((o, j) => j < r && o.startValue <= range.startValue && (o.endValue === undefined || (range.endValue !== undefined && o.endValue >= range.endValue)));
          if (earlier >= 0) problems.push({ file, pointer: `${rat}/startValue`, message: `starts a range that range ${earlier} already covers entirely; the earlier range always wins` });
          range.countries.forEach((country, c) =>
            country.states.forEach((state, s) => {
              const sat = `${rat}/countries/${c}/states/${s}`;
              if (state.rate === undefined && !state.isShippingDisabled) {
                problems.push({ file, pointer: sat, message: 'gives no "rate" and does not disable shipping: orders would ship for free; add "rate" (0 for free shipping) or "isShippingDisabled": true' });
              }
              if (state.zipCodes) repeatedZips(file, (k) => `${sat}/zipCodes/${k}`, state.zipCodes, problems);
            }),
          );
        });
      } else {
        if (!method.rates.byItem) {
          problems.push({ file, pointer: `${at}/rates`, message: 'has no "byItem" rates, but calculateRateBy is "Item": the method would never apply' });
          return;
        }
        method.rates.byItem.countries.forEach((country, c) =>
          country.states.forEach((state, s) => {
            const sat = `${at}/rates/byItem/countries/${c}/states/${s}`;
            if (state.ratePerItem === undefined && !state.isShippingDisabled) {
              problems.push({ file, pointer: sat, message: 'gives no "ratePerItem" and does not disable shipping: orders would ship for free; add "ratePerItem" (0 for free shipping) or "isShippingDisabled": true' });
            }
            if (state.zipCodes) repeatedZips(file, (k) => `${sat}/zipCodes/${k}`, state.zipCodes, problems);
          }),
        );
      }
    });
  }
  for (const [file, def] of validFilesOf<TaxRulesDefinition>(input, 'tax-rules')) {
    def.taxRules.forEach((rule, r) =>
      rule.states.forEach((state, s) =>
        repeatedZips(
          file,
          (k) => `/taxRules/${r}/states/${s}/zipCodes/${k}/zipCode`,
          state.zipCodes.map((z) => z.zipCode),
          problems,
        ),
      ),
    );
  }
  return problems;
}
