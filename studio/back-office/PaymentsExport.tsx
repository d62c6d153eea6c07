/**
 * "Export payments" (admins): every payment and refund of a period as CSV, one row each with the
 * gateway's references, to match against the gateways' reports. The days are UTC days, both
 * included, the last 30 to start with. The download is a plain link: the browser sends the
 * operator's cookie, and the server names the file.
 */
import { useId, useState } from 'react';
import { paymentsExportUrl } from '../api/back-office-refunds';
import { Field } from '../app/ui';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const utcDay = (date: Date) => date.toISOString().slice(0, 10);

/** Today and the 29 days before it, in UTC (the server's days). */
export function lastThirtyDays(now = new Date()): { from: string; to: string } {
  return { from: utcDay(new Date(now.getTime() - 29 * 86_400_000)), to: utcDay(now) };
}

export function PaymentsExport() {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [range, setRange] = useState(lastThirtyDays);
  const error = !DAY.test(range.from)
    ? { from: 'Choose the first day.' }
    : !DAY.test(range.to)
      ? { to: 'Choose the last day.' }
      : range.to < range.from
        ? { to: 'The last day is before the first day.' }
        : {};
  const valid = !error.from && !error.to;

  return (
    <div className="payments-export">
      <button type="button" className="button button--secondary payments-export__toggle" aria-expanded={open} aria-controls={`${id}-panel`} onClick={() => setOpen(!open)}>
        Export payments
      </button>
      <div className="card payments-export__panel" id={`${id}-panel`} hidden={!open}>
        {open ? (
          <>
            <p className="payments-export__intro">
              Every payment and refund of these days, one row each with the gateway’s references, as a spreadsheet (CSV) to check against the gateways’ reports. Days
              are counted in UTC, both included.
            </p>
            <div className="payments-export__fields">
              <Field label="First day" type="date" name="export-from" value={range.from} error={error.from} onChange={(e) => setRange({ ...range, from: e.target.value })} />
              <Field label="Last day" type="date" name="export-to" value={range.to} error={error.to} onChange={(e) => setRange({ ...range, to: e.target.value })} />
              {valid ? (
                <a className="button button--primary payments-export__download" href={paymentsExportUrl(range)} download>
                  Download the CSV
                </a>
              ) : null}
            </div>
          </>
        ) : null}
      </div>
    </div>
  );
}
