import { describe, expect, it } from 'vitest';
import { ESTIMATE_FIELDS } from '../services/estimate-submission';
import { ORDER_TRANSITIONS, type OrderStatus } from '../orders/order-status';
import { parseSeedArgs } from './seed-cli';
import { makeOrder, makeSubmission, seededRandom } from './seed-data';

const now = new Date('2026-06-01T00:00:00.000Z');

function orders(count: number, seed = 1) {
  const random = seededRandom(seed);
  let payment = 1;
  return Array.from({ length: count }, (_, i) => {
    const order = makeOrder({ order: i + 1, firstPayment: payment }, { now, random });
    payment += order.payments.length;
    return order;
  });
}

describe('seed rows', () => {
  it('are the same for the same seed', () => {
    expect(orders(50, 9)).toEqual(orders(50, 9));
    expect(orders(50, 9)).not.toEqual(orders(50, 10));
  });

  it('make orders whose payments, totals and history agree with their status', () => {
    const made = orders(2000);
    const statuses = new Set(made.map((o) => o.order.status));
    expect(statuses.size).toBe(10);
    for (const { order, items, payments, history, overpayments, addresses } of made) {
      const completed = payments.filter((p) => p.status === 'completed').reduce((a, p) => a + p.amount_cents, 0);
      const over = overpayments.reduce((a, v) => a + v.amount_cents, 0);
      if (['ordered', 'processing', 'shipped', 'complete', 'holded', 'closed'].includes(order.status)) expect(completed - over).toBe(order.total_cents);
      else if (order.status === 'partially_paid') expect(completed).toBeLessThan(order.total_cents);
      else expect(completed).toBe(0);
      expect(order.subtotal_cents).toBe(items.reduce((a, i) => a + i.row_total_cents, 0));
      expect(order.total_cents).toBe(order.subtotal_cents + order.tax_cents + order.shipping_cents - order.discount_cents);
      expect(addresses.map((a) => a.type)).toEqual(['billing', 'shipping']);
      // The history walks the state machine from pending to the order's status.
      expect(history[0]!.status).toBe('pending');
      expect(history.at(-1)!.status).toBe(order.status);
      for (let i = 1; i < history.length; i++) expect(ORDER_TRANSITIONS[history[i - 1]!.status as OrderStatus]).toContain(history[i]!.status);
      expect(Date.parse(order.created_at as string)).toBeLessThanOrEqual(now.getTime());
      expect(Date.parse(order.created_at as string)).toBeGreaterThan(now.getTime() - 2 * 366 * 86_400_000);
    }
    expect(made.some((o) => o.overpayments.length > 0)).toBe(true);
    expect(made.some((o) => o.order.dealer_origin === 'demo-dealer')).toBe(true);
    // Payment ids run on without a gap, so the seeder can name them before inserting.
    expect(made.flatMap((o) => o.payments.map((p) => p.id))).toEqual(Array.from({ length: made.reduce((a, o) => a + o.payments.length, 0) }, (_, i) => i + 1));
  });

  it('make submissions of the three forms, estimates with the server\'s estimate fields', () => {
    const random = seededRandom(4);
    const made = Array.from({ length: 300 }, (_, i) => makeSubmission({ at: new Date(now.getTime() - (300 - i) * 60_000), random }));
    expect(made.map((s) => s.created_at)).toEqual([...made.map((s) => s.created_at)].sort());
    expect(new Set(made.map((s) => s.form_name))).toEqual(new Set(['contact', 'free-kitchen-design', 'kitchen-estimator']));
    const estimate = made.find((s) => s.form_name === 'kitchen-estimator' && s.dealer_id)!;
    const data = JSON.parse(estimate.data) as Record<string, string>;
    expect(data[ESTIMATE_FIELDS.total]).toMatch(/^\$[\d,]+\.\d{2} - \$[\d,]+\.\d{2}$/);
    expect(data[ESTIMATE_FIELDS.dealer]).toContain(estimate.dealer_id!);
  });
});

describe('the seed command', () => {
  it('reads its options, and refuses anything else', () => {
    expect(parseSeedArgs([])).toEqual({ orders: 100_000, submissions: 20_000, seed: 21 });
    expect(parseSeedArgs(['--orders', '500', '--submissions', '0'])).toEqual({ orders: 500, submissions: 0, seed: 21 });
    for (const bad of [['--orders'], ['--orders', '-1'], ['--rows', '5'], ['orders', '5'], ['--orders', '1e5']]) expect(() => parseSeedArgs(bad)).toThrow(/Usage/);
  });
});
