/**
 * A purchase's item table with its footer rows: each line in the words every page uses
 * (schemas/evaluators/quote-lines.ts: code, description, finish as the catalog names it, options
 * with their prices, quantity, unit price, total, notes), grouped by room or wall; then additional
 * notes and the totals' rows, which add up to the total. Money is the server's. On a phone each row
 * becomes a small card whose cells carry their column's name (data-label).
 */
import { Fragment } from 'react';
import { groupLines, lineWords, totalsRows, type TotalsLabels, type TotalsRow } from '../../schemas/evaluators/quote-lines';
import type { PurchaseSummary } from './summary-types';

/** The footer rows of a purchase, in order: subtotal, discount (when any), shipping, tax, total. */
export function purchaseTotalsRows(purchase: PurchaseSummary, labels: TotalsLabels = {}): TotalsRow[] {
  return totalsRows(
    {
      subtotal: purchase.subtotal,
      discount: Math.abs(purchase.discountAmount),
      shipping: purchase.shippingAmount,
      tax: purchase.taxAmount,
      shippingTax: purchase.shippingTaxAmount,
      taxPercent: purchase.taxPercent,
      total: purchase.total,
    },
    labels,
  );
}

/** `labels` renames footer rows where a page names them otherwise (the account's 'Shipping & Handling' and 'Grand Total'). */
export function ItemTable({ purchase, caption = 'Items', labels }: { purchase: PurchaseSummary; caption?: string; labels?: TotalsLabels }) {
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
        {groupLines(purchase.items).map((group) => (
          <Fragment key={group.group}>
            {group.group && (
              <tr className="sr-item-table__group">
                <th scope="rowgroup" colSpan={5}>
                  {group.group}
                </th>
              </tr>
            )}
            {group.items.map((item, i) => {
              const w = lineWords(item);
              return (
                <tr key={item.id ?? `${item.sku}-${i}`}>
                  <th scope="row" className="sr-item-table__item">
                    <span className="sr-item-table__name">{w.description}</span>
                    <span className="sr-item-table__sku">{w.code}</span>
                    {w.details.map((d) => (
                      <span key={d} className="sr-item-table__option">
                        {d}
                      </span>
                    ))}
                  </th>
                  <td className="sr-num" data-label="Quantity">
                    {w.quantity}
                  </td>
                  <td className="sr-num" data-label="Unit price">
                    {w.unitPrice}
                  </td>
                  <td className="sr-num" data-label="Total">
                    {w.total}
                  </td>
                  <td data-label="Notes" className={w.notes ? undefined : 'sr-item-table__empty'}>
                    {w.notes}
                  </td>
                </tr>
              );
            })}
          </Fragment>
        ))}
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
        {purchaseTotalsRows(purchase, labels).map((row) => (
          <tr key={row.key} className={row.key === 'total' ? 'sr-item-table__total' : undefined}>
            <th scope="row" colSpan={3}>
              {row.label}
            </th>
            <td className="sr-num" colSpan={2}>
              {row.display}
            </td>
          </tr>
        ))}
      </tfoot>
    </table>
  );
}
