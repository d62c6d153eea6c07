/** A purchase shown read-only: the cards, then the item table with its footer rows. */
import { ItemTable } from './ItemTable';
import { SummaryCards } from './SummaryCards';
import type { PurchaseSummary } from './summary-types';

export function PurchaseSummaryView({ purchase }: { purchase: PurchaseSummary }) {
  return (
    <>
      <SummaryCards purchase={purchase} />
      <ItemTable purchase={purchase} />
    </>
  );
}
