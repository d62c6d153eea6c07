/**
 * What a line of an order says in an e-mail, in the words of every page (one formatter,
 * schemas/evaluators/quote-lines.ts): its description, its code, finish and options, its room or
 * wall, its note, how many and its total. Every mail that lists lines goes through here.
 */
import { lineWords } from '../../schemas/evaluators/quote-lines';
import type { OrderView } from '../orders/order-view';
import type { MailLine } from './mail-document';

type OrderItem = OrderView['items'][number];

export function orderMailLine(item: OrderItem): MailLine {
  const w = lineWords(item);
  return {
    title: w.description,
    details: [w.code, ...w.details, `${w.quantity} × ${w.unitPrice}`, ...(w.group ? [`For: ${w.group}`] : [])],
    note: w.notes,
    // In the line's unit: a countertop's 42 sq ft is not "1".
    qty: w.quantity,
    total: w.total,
  };
}
