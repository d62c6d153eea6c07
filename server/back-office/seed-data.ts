/**
 * The rows of a realistic back office, made without a database (the seed command, ./seed-cli.ts, the
 * benchmark and the tests write them): orders with items, both addresses, payments that agree with
 * the status (a paid order has its completed payment, a partially paid one part of it), the status
 * history from "pending" on, dates over two years (some orders share an instant, as two orders of one
 * second do), some through a dealer, a few overpaid; and form submissions of the contact form, the
 * free kitchen design and the kitchen estimator (its estimate fields, ESTIMATE_FIELDS).
 *
 * Deterministic for a seed: the same call makes the same rows.
 */
import type { Insertable } from 'kysely';
import { ESTIMATE_FIELDS } from '../services/estimate-submission';
import type { FormSubmissionTable, PaymentOverpaymentTable, PaymentTable, SalesOrderAddressTable, SalesOrderItemTable, SalesOrderStatusHistoryTable, SalesOrderTable } from '../db/tables';
import { incrementIdFor } from '../orders/order-rows';
import { STATE_OF_STATUS, type OrderStatus } from '../orders/order-status';

/** mulberry32: a small, fast generator of numbers in [0, 1) from a 32-bit seed. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Random = () => number;

function pick<T>(random: Random, list: readonly T[]): T {
  return list[Math.floor(random() * list.length)]!;
}

/** A value by weight: [[value, weight], ...]. */
function weighted<T>(random: Random, choices: readonly (readonly [T, number])[]): T {
  const total = choices.reduce((a, [, w]) => a + w, 0);
  let r = random() * total;
  for (const [value, w] of choices) {
    r -= w;
    if (r < 0) return value;
  }
  return choices[choices.length - 1]![0];
}

const FIRST_NAMES = ['James', 'Mary', 'Robert', 'Patricia', 'John', 'Jennifer', 'Michael', 'Linda', 'David', 'Elizabeth', 'William', 'Barbara', 'Richard', 'Susan', 'Joseph', 'Jessica', 'Thomas', 'Sarah', 'Carlos', 'Karen', 'Daniel', 'Lisa', 'Matthew', 'Nancy', 'Anthony', 'Betty', 'Mark', 'Sandra', 'Ana', 'Ashley', 'Wei', 'Emily', 'Kevin', 'Donna', 'Brian', 'Michelle', 'Omar', 'Carol', 'Jason', 'Amanda'] as const;
const LAST_NAMES = ['Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Rodriguez', 'Martinez', 'Hernandez', 'Lopez', 'Gonzalez', 'Wilson', 'Anderson', 'Thomas', 'Taylor', 'Moore', 'Jackson', 'Martin', 'Lee', 'Perez', 'Thompson', 'White', 'Harris', 'Sanchez', 'Clark', 'Ramirez', 'Lewis', 'Robinson', 'Walker', 'Young', 'Allen', "O'Brien", 'Nguyen', 'Hill', 'Flores', 'Green', 'Adams', 'Nelson'] as const;
const CITIES = [
  ['Austin', 'TX', '787'],
  ['Denver', 'CO', '802'],
  ['Portland', 'OR', '972'],
  ['Columbus', 'OH', '432'],
  ['Raleigh', 'NC', '276'],
  ['Phoenix', 'AZ', '850'],
  ['Nashville', 'TN', '372'],
  ['Tampa', 'FL', '336'],
  ['Madison', 'WI', '537'],
  ['Boise', 'ID', '837'],
] as const;
const STREETS = ['Oak St', 'Maple Ave', 'Cedar Ln', 'Pine Rd', 'Elm St', 'Lakeview Dr', 'Main St', 'Hillcrest Blvd', 'Sunset Way', 'River Rd'] as const;
const SAMPLES = [
  ['SW-SHAKER-WHITE', 'Shaker White sample door', 1299],
  ['SW-SHAKER-GRAY', 'Shaker Dove Gray sample door', 1299],
  ['SW-SLAB-WALNUT', 'Slab Walnut sample door', 1899],
  ['SW-RAISED-CHERRY', 'Raised Panel Cherry sample door', 1599],
  ['SW-INSET-NAVY', 'Inset Navy sample door', 2199],
  ['SW-FLAT-OAK', 'Flat Panel Natural Oak sample door', 1499],
  ['CT-QUARTZ-CALACATTA', 'Calacatta quartz countertop sample', 999],
  ['HW-PULL-BRASS', 'Brushed brass pull, 5 in', 899],
] as const;
const FINISHES = ['Matte', 'Satin', 'Glazed', 'Distressed'] as const;
const SHIPPING = [
  ['flatrate_flatrate', 'Flat Rate - Standard', 1500],
  ['express_express', 'Express - 2 days', 3500],
  ['freeshipping_freeshipping', 'Free Shipping', 0],
] as const;
const PAYMENT_METHODS = [
  ['stripe', 'Credit Card', 'stripe'],
  ['paypal', 'PayPal', 'paypal'],
  ['test', 'Test card', 'test'],
] as const;
/** dealers.json's dealers of the example site, and an origin an order was posted from (server/api/orders.ts). */
export const SEED_DEALERS = ['demo-dealer', 'harbor-kitchens', 'https://kitchens-plus.example'] as const;

const TAX_PERCENT = 6.25;
export const TWO_YEARS_MS = 2 * 365 * 24 * 60 * 60 * 1000;

export type SeedRow<T> = Omit<Insertable<T>, 'id'> & { id: number };

export interface SeedOrder {
  order: SeedRow<SalesOrderTable>;
  items: Insertable<SalesOrderItemTable>[];
  addresses: Insertable<SalesOrderAddressTable>[];
  payments: SeedRow<PaymentTable>[];
  history: Insertable<SalesOrderStatusHistoryTable>[];
  overpayments: Insertable<PaymentOverpaymentTable>[];
}

/** The moves from pending to each status, as orders really go (payments first, then the operator's). */
const PATHS: Record<OrderStatus, readonly OrderStatus[]> = {
  pending: [],
  pending_payment: ['pending_payment'],
  partially_paid: ['partially_paid'],
  ordered: ['ordered'],
  processing: ['ordered', 'processing'],
  shipped: ['ordered', 'processing', 'shipped'],
  complete: ['ordered', 'processing', 'shipped', 'complete'],
  holded: ['ordered', 'holded'],
  canceled: ['canceled'],
  closed: ['ordered', 'processing', 'shipped', 'complete', 'closed'],
};

const COMMENTS: Partial<Record<OrderStatus, string>> = {
  pending_payment: 'Payment pending.',
  partially_paid: 'First part of a split payment received.',
  ordered: 'Payment received.',
  processing: 'Samples picked.',
  shipped: 'Shipped with UPS, tracking 1Z999AA10123456784.',
  complete: 'Delivered.',
  holded: 'On hold: address to confirm with the customer.',
  canceled: 'Canceled at the customer’s request.',
  closed: 'Closed after a return.',
};

export interface SeedOrderOptions {
  /** Dates fall in the two years before this. */
  now: Date;
  random: Random;
  /** The created_at of the order made before this one: every 20th order shares it (same instant, another id). */
  previousCreatedAt?: string;
}

/** One order with everything that belongs to it, under the ids given (the caller owns the id ranges). */
export function makeOrder(ids: { order: number; firstPayment: number }, { now, random, previousCreatedAt }: SeedOrderOptions): SeedOrder {
  const orderId = ids.order;
  const createdAt = previousCreatedAt && random() < 0.05 ? previousCreatedAt : new Date(now.getTime() - Math.floor(random() * TWO_YEARS_MS)).toISOString();
  const at = (minutes: number) => new Date(Date.parse(createdAt) + minutes * 60_000).toISOString();
  const status = weighted<OrderStatus>(random, [
    ['complete', 50],
    ['shipped', 10],
    ['processing', 8],
    ['ordered', 7],
    ['holded', 3],
    ['canceled', 6],
    ['closed', 3],
    ['pending_payment', 5],
    ['pending', 4],
    ['partially_paid', 4],
  ]);
  const firstName = pick(random, FIRST_NAMES);
  const lastName = pick(random, LAST_NAMES);
  const local = `${firstName}.${lastName}`.replace(/'/g, '').toLowerCase() + String(Math.floor(random() * 1000));
  // A few addresses as people type them, in capitals: the search must not care.
  const email = random() < 0.05 ? `${local}@Example.com`.replace(/^./, (c) => c.toUpperCase()) : `${local}@example.com`;
  const [city, state, zipPrefix] = pick(random, CITIES);
  const phone = `555${String(Math.floor(random() * 10_000_000)).padStart(7, '0')}`;
  const dealer = weighted<string | null>(random, [
    [null, 75],
    [SEED_DEALERS[0], 13],
    [SEED_DEALERS[1], 9],
    [SEED_DEALERS[2], 3],
  ]);

  const items: Insertable<SalesOrderItemTable>[] = [];
  const lines = 1 + Math.floor(random() * 4);
  for (let i = 0; i < lines; i++) {
    const [sku, name, priceCents] = pick(random, SAMPLES);
    const qty = 1 + Math.floor(random() * 3);
    const rowTotal = priceCents * qty;
    const tax = Math.round((rowTotal * TAX_PERCENT) / 100);
    items.push({
      order_id: orderId,
      sku,
      name,
      style_name: null,
      style_title: null,
      price_cents: priceCents,
      original_price_cents: priceCents,
      price_incl_tax_cents: priceCents + Math.round((priceCents * TAX_PERCENT) / 100),
      qty,
      weight: 1,
      row_weight: qty,
      row_total_cents: rowTotal,
      tax_percent: TAX_PERCENT,
      tax_cents: tax,
      row_total_incl_tax_cents: rowTotal + tax,
      custom_options: JSON.stringify([{ type: 'finish', label: 'Finish', value: pick(random, FINISHES) }]),
      notes: null,
    });
  }
  const subtotal = items.reduce((a, i) => a + i.row_total_cents, 0);
  const itemTax = items.reduce((a, i) => a + i.tax_cents, 0);
  const [shippingMethod, shippingLabel, shippingCents] = pick(random, SHIPPING);
  const discount = random() < 0.1 ? Math.round(subtotal * 0.1) : 0;
  const total = subtotal + itemTax + shippingCents - discount;
  const [method, methodLabel, gateway] = pick(random, PAYMENT_METHODS);

  const address = (type: 'billing' | 'shipping'): Insertable<SalesOrderAddressTable> => ({
    order_id: orderId,
    type,
    email,
    first_name: firstName,
    last_name: lastName,
    street1: `${100 + Math.floor(random() * 9800)} ${pick(random, STREETS)}`,
    street2: random() < 0.2 ? `Apt ${1 + Math.floor(random() * 40)}` : null,
    city,
    state,
    zip_code: `${zipPrefix}${String(Math.floor(random() * 100)).padStart(2, '0')}`,
    country_id: 'US',
    phone_number: phone,
    customer_id: null,
  });

  const path = PATHS[status];
  const history: Insertable<SalesOrderStatusHistoryTable>[] = [{ order_id: orderId, status: 'pending', comment: 'New order has been created', is_customer_notified: 0, created_at: createdAt }];
  path.forEach((s, i) => history.push({ order_id: orderId, status: s, comment: COMMENTS[s] ?? '', is_customer_notified: s === 'ordered' ? 1 : 0, created_at: at((i + 1) * 90) }));

  const payments: SeedRow<PaymentTable>[] = [];
  const overpayments: Insertable<PaymentOverpaymentTable>[] = [];
  const payment = (amountCents: number, paymentStatus: string, minutes: number) => {
    const id = ids.firstPayment + payments.length;
    payments.push({
      id,
      order_id: orderId,
      method,
      method_label: methodLabel,
      gateway,
      status: paymentStatus,
      amount_cents: amountCents,
      currency: 'USD',
      transaction_id: `seed-${orderId}-${payments.length + 1}`,
      provider_reference: `seed_${gateway}_${id}`,
      additional_data: '{}',
      created_at: at(minutes),
      updated_at: at(minutes),
    });
    return id;
  };
  const paid = path.includes('ordered');
  if (paid) {
    // About one paid order in a hundred took more than was due (a second tab paid too): a refund is due, half of them done.
    const over = random() < 0.01 ? 500 + Math.floor(random() * 5000) : 0;
    const paymentId = payment(total + over, 'completed', 80);
    if (over) overpayments.push({ order_id: orderId, payment_id: paymentId, amount_cents: over, created_at: at(80), refunded_at: random() < 0.5 ? at(60 * 24 * 3) : null });
  } else if (status === 'partially_paid') {
    payment(Math.max(1, Math.floor(total * (0.2 + random() * 0.5))), 'completed', 80);
  } else if (status === 'pending_payment') {
    payment(total, random() < 0.5 ? 'pending' : 'failed', 80);
  } else if (status === 'canceled' && random() < 0.5) {
    payment(total, 'voided', 80);
  }

  return {
    order: {
      id: orderId,
      increment_id: incrementIdFor(orderId),
      state: STATE_OF_STATUS[status],
      status,
      email,
      first_name: firstName,
      last_name: lastName,
      phone,
      customer_is_guest: 1,
      customer_id: null,
      dealer_origin: dealer,
      currency: 'USD',
      subtotal_cents: subtotal,
      shipping_cents: shippingCents,
      shipping_tax_cents: 0,
      tax_cents: itemTax,
      discount_cents: discount,
      total_cents: total,
      tax_percent: TAX_PERCENT,
      weight: items.reduce((a, i) => a + i.row_weight, 0),
      total_item_count: items.reduce((a, i) => a + i.qty, 0),
      shipping_method: shippingMethod,
      shipping_label: shippingLabel,
      payment_method: method,
      payment_method_label: methodLabel,
      po_number: random() < 0.1 ? `PO-${Math.floor(random() * 100000)}` : null,
      additional_notes: null,
      quote_id: null,
      split_payment_enabled: status === 'partially_paid' ? 1 : 0,
      minimum_split_cents: 0,
      email_sent: paid ? 1 : 0,
      created_at: createdAt,
      updated_at: history[history.length - 1]!.created_at,
    },
    items,
    addresses: [address('billing'), address('shipping')],
    payments,
    history,
    overpayments,
  };
}

// The options of the demo forms (examples/site/forms/contact.json, free-kitchen-design.json), so the studio shows their labels.
const TOPICS = ['new-project', 'existing-order', 'samples', 'other'] as const;
const PROJECTS = ['remodel', 'new-build', 'addition'] as const;
const SHAPES = ['l-shape', 'u-shape', 'galley', 'single-wall'] as const;
const STYLES = ['shaker', 'slab', 'raised-panel', 'inset'] as const;

function dollars(cents: number): string {
  return `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/**
 * One submitted form, sent at `at`: the contact form, the free kitchen design (three steps) or the
 * kitchen estimator (with the answers its template asks for). The caller gives the times in the
 * order of the ids, as submissions arrive.
 */
export function makeSubmission({ at, random }: { at: Date; random: Random }): Insertable<FormSubmissionTable> {
  const createdAt = at.toISOString();
  const firstName = pick(random, FIRST_NAMES);
  const lastName = pick(random, LAST_NAMES);
  const person = {
    firstName,
    lastName,
    email: `${firstName}.${lastName}`.replace(/'/g, '').toLowerCase() + `${Math.floor(random() * 1000)}@example.com`,
    phone: `555${String(Math.floor(random() * 10_000_000)).padStart(7, '0')}`,
  };
  const form = weighted(random, [
    ['contact', 50],
    ['free-kitchen-design', 25],
    ['kitchen-estimator', 25],
  ] as const);
  let data: Record<string, unknown>;
  let dealerId: string | null = null;
  if (form === 'contact') {
    data = { ...person, topic: pick(random, TOPICS), orderNumber: '', message: 'Could you tell me when my samples will arrive? Thank you.', contactBy: pick(random, ['email', 'phone']), source: 'contact-page' };
  } else if (form === 'free-kitchen-design') {
    data = { ...person, zip: `${pick(random, CITIES)[2]}${String(Math.floor(random() * 100)).padStart(2, '0')}`, projectType: pick(random, PROJECTS), kitchenShape: pick(random, SHAPES), styles: pick(random, STYLES), hasMeasurements: pick(random, ['yes', 'no']), budget: pick(random, ['under-10k', '10k-25k', '25k-50k', 'over-50k']), timeline: pick(random, ['asap', '1-3-months', 'later']), notes: 'We would like a brighter kitchen with an island.' };
  } else {
    const materials = 600_000 + Math.floor(random() * 2_400_000);
    const labor = Math.floor(materials * 0.35);
    // A range, as the estimator shows it: the server's figures, 10% either side.
    const range = (cents: number) => `${dollars(Math.round(cents * 0.9))} - ${dollars(Math.round(cents * 1.1))}`;
    dealerId = random() < 0.4 ? pick(random, ['demo-dealer', 'harbor-kitchens']) : null;
    data = {
      ...person,
      zip: `${pick(random, CITIES)[2]}${String(Math.floor(random() * 100)).padStart(2, '0')}`,
      kitchenSize: pick(random, ['small', 'medium', 'large', 'xl']),
      layoutShape: pick(random, SHAPES),
      cabinetLine: pick(random, ['rta', 'assembled', 'semi-custom', 'custom']),
      doorStyle: pick(random, STYLES),
      finish: pick(random, ['stained', 'natural-wood', 'painted-white', 'painted-color']),
      countertop: pick(random, ['laminate', 'butcher-block', 'granite', 'quartz', 'marble']),
      installation: pick(random, ['yes', 'no']),
      timeline: pick(random, ['asap', '1-3-months', 'later']),
      [ESTIMATE_FIELDS.product]: range(materials),
      [ESTIMATE_FIELDS.labor]: range(labor),
      [ESTIMATE_FIELDS.total]: range(materials + labor),
      ...(dealerId ? { [ESTIMATE_FIELDS.dealer]: dealerId === 'demo-dealer' ? 'Riverside Home Center (demo-dealer)' : 'Harbor Kitchens & Bath (harbor-kitchens)' } : {}),
    };
  }
  return { form_name: form, data: JSON.stringify(data), status: 'submitted', steps_done: form === 'free-kitchen-design' ? 3 : 1, token_hash: null, dealer_id: dealerId, created_at: createdAt, updated_at: createdAt };
}
