/**
 * A purchase's item table with its footer rows: item (name, SKU and options), quantity,
 * unit price, total, notes; then additional notes, subtotal, shipping, tax (only above 0), discount
 * (only above 0, shown negative) and total. Money is the server's, formatted by schemas/money.ts.
 * On a phone each row becomes a small card whose cells carry their column's name (data-label).
 */
import { formatMoney } from '../../schemas/money';
import type { PurchaseSummary, SummaryItem, SummaryItemOption } from './summary-types';

/** The item's options as "type: label" pairs; anything that is not an option object is skipped. */
export function itemOptions(item: SummaryItem): { name: string; value: string }[] {
  return (item.customOptions ?? []).flatMap((raw) => {
    if (!raw || typeof raw !== 'object') return [];
    const option = raw as SummaryItemOption;
    const value = option.label || option.value;
    return value ? [{ name: option.type || 'Option', value }] : [];
  });
}

/** One footer row: its label, the formatted amount, and whether it is the bold total. */
export interface TotalsRow {
  label: string;
  amount: string;
  total?: boolean;
}

/** The footer rows, in order; tax and discount appear only above 0. */
export function totalsRows(purchase: PurchaseSummary): TotalsRow[] {
  const rows: TotalsRow[] = [
    { label: 'Subtotal', amount: formatMoney(purchase.subtotal) },
    { label: 'Shipping', amount: formatMoney(purchase.shippingAmount) },
  ];
  if (purchase.taxAmount > 0) rows.push({ label: 'Tax', amount: formatMoney(purchase.taxAmount) });
  if (purchase.discountAmount > 0) rows.push({ label: 'Discount', amount: formatMoney(-purchase.discountAmount) });
  rows.push({ label: 'Total', amount: formatMoney(purchase.total), total: true });
  return rows;
}

/**
 * `totals` replaces the footer rows where a page names them otherwise (the account's order view says
 * 'Shipping & Handling' and 'Grand Total'); default: those of totalsRows.
 */
export function ItemTable({ purchase, caption = 'Items', totals = totalsRows(purchase) }: { purchase: PurchaseSummary; caption?: string; totals?: readonly TotalsRow[] }) {
  return (
    <table className="sr-item-table" part="items">
      <caption className="sr-item-table__caption">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Item</th>
          <th scope="col" className="sr-num">
            Quantity
          </th>
          <th scope="col" className="sr-num">
            Unit price
          </th>
          <th scope="col" className="sr-num">
            Total
          </th>
          <th scope="col">Notes</th>
        </tr>
      </thead>
      <tbody>
        {purchase.items.map((item, i) => {
          const options = itemOptions(item);
          return (
            <tr key={item.id ?? `${item.sku}-${i}`}>
              <th scope="row" className="sr-item-table__item">
                <span className="sr-item-table__name">{item.name}</span>
                <span className="sr-item-table__sku">SKU: {item.sku}</span>
                {options.map((o) => (
                  <span key={o.name + o.value} className="sr-item-table__option">
                    {o.name}: {o.value}
                  </span>
                ))}
              </th>
              <td className="sr-num" data-label="Quantity">
                {item.qty}
              </td>
              <td className="sr-num" data-label="Unit price">
                {formatMoney(item.price)}
              </td>
              <td className="sr-num" data-label="Total">
                {formatMoney(item.rowTotal)}
              </td>
              <td data-label="Notes" className={item.notes ? undefined : 'sr-item-table__empty'}>
                {item.notes || ''}
              </td>
            </tr>
          );
        })}
      </tbody>
      <tfoot>
        {purchase.additionalNotes && (
          <tr className="sr-item-table__notes">
            <th scope="row" colSpan={2}>
              Additional notes
            </th>
            <td colSpan={3}>{purchase.additionalNotes}</td>
          </tr>
        )}
        {totals.map((row) => (
          <tr key={row.label} className={row.total ? 'sr-item-table__total' : undefined}>
            <th scope="row" colSpan={3}>
              {row.label}
            </th>
            <td className="sr-num" colSpan={2}>
              {row.amount}
            </td>
          </tr>
        ))}
      </tfoot>
    </table>
  );
}
