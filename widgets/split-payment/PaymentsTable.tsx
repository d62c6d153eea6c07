/** The payments already made toward an order: date, method, status, amount. */
import { formatMoney } from '../../schemas/money';
import type { SplitOrderPayment } from './split-order';

const STATUS_LABELS: Record<string, string> = { completed: 'Completed', pending: 'Pending', on_hold: 'On hold', failed: 'Failed' };

function paymentDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toISOString().slice(0, 10);
}

export function PaymentsTable({ payments }: { payments: readonly SplitOrderPayment[] }) {
  if (payments.length === 0) return <p className="sr-status">No payments yet.</p>;
  return (
    <table className="sr-item-table sr-payments-table" part="payments">
      <caption className="sr-item-table__caption">Payments</caption>
      <thead>
        <tr>
          <th scope="col">Date</th>
          <th scope="col">Method</th>
          <th scope="col">Status</th>
          <th scope="col" className="sr-num">
            Amount
          </th>
        </tr>
      </thead>
      <tbody>
        {payments.map((p) => (
          <tr key={p.id}>
            <th scope="row">{paymentDate(p.createdAt)}</th>
            <td data-label="Method">{p.methodLabel || p.method}</td>
            <td data-label="Status">{STATUS_LABELS[p.status] ?? p.status}</td>
            <td className="sr-num" data-label="Amount">
              {formatMoney(p.amount)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
