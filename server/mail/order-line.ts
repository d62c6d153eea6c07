/**
 * What a line of an order says in an e-mail: its product, its code and options, its note, how many
 * and its total. Every mail that lists lines goes through here, so what a line shows is changed in
 * this one place.
 */
import { formatMoney } from '../../schemas/money';
import type { OrderView } from '../orders/order-view';
import type { MailLine } from './mail-document';

type OrderItem = OrderView['items'][number];

/** A stored option ({type: 'Finish', label: 'Sage Green'}) as "Finish: Sage Green". */
function optionText(option: unknown): string {
  if (typeof option !== 'object' || option === null) return '';
  const { type, label } = option as { type?: unknown; label?: unknown };
  return [type, label].filter((part) => part !== undefined && part !== null && String(part) !== '').map(String).join(': ');
}

export function orderMailLine(item: OrderItem): MailLine {
  return {
    title: item.name,
    details: [`SKU ${item.sku}`, ...item.customOptions.map(optionText).filter((text) => text !== '')],
    note: item.notes.trim(),
    qty: item.qty,
    total: formatMoney(item.rowTotal),
  };
}
