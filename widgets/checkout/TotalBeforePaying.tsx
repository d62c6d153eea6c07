/**
 * The order's total right above the pay button. On a phone the cart summary is a panel opened from
 * the top of the form, so a customer at "Place Order" (a dealer's page on a phone) never saw what
 * they were about to pay; this says it where they pay, from the same server totals as the summary.
 */
import { TotalsList } from './TotalsList';
import type { CartTotals } from './use-cart-totals';

const itemsText = (n: number) => `${n} ${n === 1 ? 'item' : 'items'}`;

export function TotalBeforePaying({ totals, itemCount }: { totals: CartTotals | undefined; itemCount: number }) {
  if (!totals) return null;
  return (
    <section className="sr-checkout__pay-total" aria-label="Order total">
      <TotalsList totals={totals} subtotalLabel={`Subtotal (${itemsText(itemCount)})`} />
    </section>
  );
}
