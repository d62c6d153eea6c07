/**
 * Helpers for the security suite: HTTP calls from a chosen loopback address (each test client is
 * its own socket address, so the per-client rate limits see separate clients without trusting
 * X-Forwarded-For), and snapshots of what the database holds about an order or a quote, to prove
 * that a refused request changed nothing.
 */
import http from 'node:http';
import { checkoutHeaders } from '../api/commerce-test-kit';
import type { Queries } from '../db/queries';

export interface Answer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
  text: string;
  headers: http.IncomingHttpHeaders;
}

let lastClient = 0;

/** A loopback address no other call of this process used yet: 127.0.x.y, all of 127/8 is local. */
export function freshClient(): string {
  lastClient += 1;
  return `127.0.${Math.floor(lastClient / 250) + 1}.${(lastClient % 250) + 2}`;
}

/** One HTTP request from `from` (a loopback address), with a JSON body when given. */
export function call(base: string, method: string, pathname: string, opts: { body?: unknown; headers?: Record<string, string>; from?: string } = {}): Promise<Answer> {
  const url = new URL(pathname, base);
  const payload = opts.body === undefined ? undefined : typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method,
        localAddress: opts.from ?? '127.0.0.1',
        // IPv4 like the loopback address it comes from, whatever `localhost` resolves to first.
        family: 4,
        headers: { ...(payload !== undefined ? { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(payload) } : {}), ...checkoutHeaders(method, url.pathname, opts.headers ?? {}) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let body: unknown = text;
          try {
            body = JSON.parse(text);
          } catch {
            // not JSON: keep the text
          }
          resolve({ status: res.statusCode ?? 0, body, text, headers: res.headers });
        });
      },
    );
    req.on('error', reject);
    if (payload !== undefined) req.write(payload);
    req.end();
  });
}

export const bearer = (token: string): Record<string, string> => ({ Authorization: `Bearer ${token}` });

/** Everything stored about an order: a refused request must leave it equal. */
export async function orderSnapshot(q: Queries, orderId: number): Promise<Record<string, unknown>> {
  return {
    order: await q.first(q.db.selectFrom('sales_order').selectAll().where('id', '=', orderId)),
    items: await q.all(q.db.selectFrom('sales_order_item').selectAll().where('order_id', '=', orderId).orderBy('id')),
    addresses: await q.all(q.db.selectFrom('sales_order_address').selectAll().where('order_id', '=', orderId).orderBy('id')),
    payments: await q.all(q.db.selectFrom('payment').selectAll().where('order_id', '=', orderId).orderBy('id')),
    history: await q.all(q.db.selectFrom('sales_order_status_history').selectAll().where('order_id', '=', orderId).orderBy('id')),
    mail: await q.all(q.db.selectFrom('mail_outbox').select('id').where('order_id', '=', orderId).orderBy('id')),
  };
}

/** Everything stored about a quote, and the orders made from it. */
export async function quoteSnapshot(q: Queries, quoteId: number): Promise<Record<string, unknown>> {
  return {
    quote: await q.first(q.db.selectFrom('quote').selectAll().where('id', '=', quoteId)),
    orders: await q.all(q.db.selectFrom('sales_order').select('id').where('quote_id', '=', quoteId).orderBy('id')),
  };
}

/** Payments recorded anywhere: a refused payment call must not add one. */
export async function paymentCount(q: Queries): Promise<number> {
  return (await q.first(q.db.selectFrom('payment').select((eb) => eb.fn.countAll<number>().as('c'))))!.c;
}

/** The personal data and secrets of a victim that no answer to a stranger may carry. */
export function leaks(answer: Answer, secrets: readonly string[]): string[] {
  const text = answer.text.toLowerCase();
  return secrets.filter((s) => s !== '' && text.includes(s.toLowerCase()));
}

/** A test card the offline gateway accepts (see docs/gateways.md for the others). */
export function card(cardNumber = '4242424242424242'): Record<string, string> {
  return { cardNumber, expMonth: '12', expYear: String(new Date().getUTCFullYear() + 2), cardCode: '123' };
}

export const CARD_DECLINED = '4000000000000002';
export const CARD_NEEDS_AUTHENTICATION = '4000002500003155';

/** What a stranger may try instead of the owner's proof. */
export function strangerHeaders(otherOrderToken: string): Array<[string, Record<string, string>]> {
  return [
    ['no token', {}],
    ['a made-up token', bearer('x'.repeat(43))],
    ["another order's token", bearer(otherOrderToken)],
  ];
}
