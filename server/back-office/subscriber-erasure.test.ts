/**
 * Erasing a subscriber (./subscriber-erasure.ts) on the run's engine: what goes with the address
 * (consents, the newsletter's mails, the newsletter form's submissions, their uploads and the mails
 * about them), the other leads only when asked, and what stays, said as it is.
 *
 * @engines sqlite postgres: the address is found in stored JSON with the engine's LIKE and lower().
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from '../db/database';
import type { Queries } from '../db/queries';
import { NewsletterConsent } from '../services/newsletter-consent';
import { openTestDatabase } from '../testing/test-database';
import { erasurePlan, eraseSubscriber, type FormNames } from './subscriber-erasure';

let database: Database | undefined;
afterEach(async () => {
  await database?.close();
  database = undefined;
});

const AT = '2030-03-01T09:00:00.000Z';
const names: FormNames = {
  isNewsletterForm: (name) => name === 'newsletter',
  titleOf: (name) => ({ newsletter: 'Newsletter', contact: 'Get in touch' })[name] ?? name,
};

function mail(q: Queries, type: string, recipient: string, dedupeKey: string | null) {
  return q.insert('mail_outbox', { dedupe_key: dedupeKey, type, order_id: null, recipient, cc: '', subject: type, html: '', text: '', status: 'sent', attempts: 1, last_error: null, next_attempt_at: AT, sent_at: AT, created_at: AT });
}

/** A submission as the forms API stores it, with the admins' notification (and a confirmation to the visitor). */
async function lead(q: Queries, form: string, data: Record<string, unknown>, upload?: string): Promise<number> {
  const id = await q.insertReturningId('form_submission', { form_name: form, data: JSON.stringify(data), status: 'submitted', steps_done: 1, token_hash: null, created_at: AT });
  if (upload) await q.insert('form_upload', { submission_id: id, field: 'photos', stored_name: upload, original_name: 'kitchen.png', content_type: 'image/png', size: 10, created_at: AT });
  await mail(q, 'form-notification', 'owner@shop.example', `form-notification:${id}`);
  if (typeof data['email'] === 'string') await mail(q, 'form-confirmation', data['email'], `form-confirmation:${id}`);
  return id;
}

async function setup() {
  database = await openTestDatabase();
  const q = database.q;
  const consent = new NewsletterConsent({ q, publicUrl: 'https://shop.example', now: () => new Date(AT) });
  const subscribe = async (email: string) => {
    await q.transaction((tx) => consent.request(tx, { email, sourceForm: 'newsletter', sourcePage: '/about-us', client: '203.0.113.7' }));
    return Number((await q.first(q.db.selectFrom('newsletter_subscriber').select('id').where('email', '=', email)))!.id);
  };
  return { q, subscribe };
}

const leadIds = async (q: Queries) => (await q.all(q.db.selectFrom('form_submission').select('id').orderBy('id'))).map((r) => Number(r.id));
const mailKeys = async (q: Queries) => (await q.all(q.db.selectFrom('mail_outbox').select(['type', 'recipient', 'dedupe_key']).orderBy('id'))).map((m) => `${m.type} ${m.recipient} ${m.dedupe_key ?? ''}`.trim());

describe('erasing a subscriber', () => {
  it("takes the newsletter form's submission and the notification about it, leaves the address's other leads unless asked, and nothing of anyone else", async () => {
    const { q, subscribe } = await setup();
    const id = await subscribe('ann.reader@example.com');
    const signUp = await lead(q, 'newsletter', { email: 'Ann.Reader@EXAMPLE.com', newsletter: true });
    const contact = await lead(q, 'contact', { firstName: 'Ann', email: 'ann.reader@example.com', message: 'Call me' }, 'stored-ann.png');
    // Someone else: an address that contains Ann's, and Ann's address in a message, not as an answer of her own.
    const joann = await lead(q, 'newsletter', { email: 'joann.reader@example.com', newsletter: true });
    const quoted = await lead(q, 'contact', { firstName: 'Bo', email: 'bo@example.com', message: 'My neighbour ann.reader@example.com sent me' });
    await subscribe('joann.reader@example.com');

    const plan = await erasurePlan(q, id, names);
    expect(plan).toEqual({
      id,
      email: 'ann.reader@example.com',
      consents: 1,
      newsletterMails: 1,
      newsletterLeads: [{ id: signUp, form: 'newsletter', formTitle: 'Newsletter', created: AT }],
      otherLeads: [{ id: contact, form: 'contact', formTitle: 'Get in touch', created: AT }],
      // The contact form's confirmation to Ann goes or stays with its lead: no other mail is hers.
      remains: { orders: 0, quotes: 0, account: false, mails: 0 },
    });

    const result = await eraseSubscriber(q, id, names, { otherLeads: false });
    expect(result).toEqual({
      erased: { id, consents: 1, mails: 1, leads: 1, otherLeads: 0, notifications: 2, files: 0, remains: { orders: 0, quotes: 0, account: false, mails: 0, leads: 1 } },
      files: [],
    });
    expect(await leadIds(q)).toEqual([contact, joann, quoted]);
    expect(await mailKeys(q)).toEqual([
      `form-notification owner@shop.example form-notification:${contact}`,
      `form-confirmation ann.reader@example.com form-confirmation:${contact}`,
      `form-notification owner@shop.example form-notification:${joann}`,
      `form-confirmation joann.reader@example.com form-confirmation:${joann}`,
      `form-notification owner@shop.example form-notification:${quoted}`,
      `form-confirmation bo@example.com form-confirmation:${quoted}`,
      expect.stringMatching(/^newsletter-confirmation joann.reader@example.com/),
    ]);
    expect(await q.all(q.db.selectFrom('newsletter_subscriber').select('email'))).toEqual([{ email: 'joann.reader@example.com' }]);
    expect(await eraseSubscriber(q, id, names, { otherLeads: true })).toBeUndefined();
    expect(await erasurePlan(q, id, names)).toBeUndefined();
  });

  it("with the other leads asked for, takes them too, with their uploads and mails, and the cap's log of the address", async () => {
    const { q, subscribe } = await setup();
    const id = await subscribe('cy@example.com');
    await lead(q, 'newsletter', { email: 'cy@example.com', newsletter: true });
    await lead(q, 'contact', { email: 'CY@Example.com', message: 'Hello' }, 'stored-cy.png');
    await q.insert('mail_recipient_log', { recipient_key: 'cy@example.com', mail_type: 'form-confirmation', outcome: 'queued', created_at: AT });
    await q.insert('mail_recipient_log', { recipient_key: 'dee@example.com', mail_type: 'form-confirmation', outcome: 'queued', created_at: AT });

    const result = await eraseSubscriber(q, id, names, { otherLeads: true });
    expect(result).toEqual({
      erased: { id, consents: 1, mails: 1, leads: 1, otherLeads: 1, notifications: 4, files: 1, remains: { orders: 0, quotes: 0, account: false, mails: 0, leads: 0 } },
      files: ['stored-cy.png'],
    });
    expect(await leadIds(q)).toEqual([]);
    expect(await q.all(q.db.selectFrom('form_upload').select('id'))).toEqual([]);
    expect(await mailKeys(q)).toEqual([]);
    expect((await q.all(q.db.selectFrom('mail_recipient_log').select('recipient_key'))).map((r) => r.recipient_key)).toEqual(['dee@example.com']);
  });

  it('says what stays: an order, a quote, a customer account and their mails', async () => {
    const { q, subscribe } = await setup();
    const id = await subscribe('dee@example.com');
    const orderId = await q.insertReturningId('sales_order', {
      increment_id: '100000001', state: 'new', status: 'pending', email: 'Dee@example.com', first_name: 'Dee', last_name: 'Lee', phone: null, customer_is_guest: 1, customer_id: null, dealer_origin: null, currency: 'USD',
      subtotal_cents: 1000, shipping_cents: 0, shipping_tax_cents: 0, tax_cents: 0, discount_cents: 0, total_cents: 1000, tax_percent: 0, weight: 1, total_item_count: 1, shipping_method: 'ground', shipping_label: 'Ground',
      payment_method: 'test', payment_method_label: 'Test', po_number: null, additional_notes: null, quote_id: null, split_payment_enabled: 0, minimum_split_cents: 0, email_sent: 1, created_at: AT, updated_at: AT,
    });
    await q.insert('quote', {
      increment_id: 'Q-1', po_number: null, status: 'sent', first_name: 'Dee', last_name: 'Lee', email: 'dee@example.com', phone: null, items: '[]', addresses: '{}', subtotal_cents: 0, shipping_cents: 0, shipping_tax_cents: 0, tax_cents: 0, tax_percent: 0, discount_cents: 0,
      total_cents: 0, shipping_method: 'ground', shipping_label: 'Ground', additional_notes: null, split_payment_enabled: 0, minimum_split_cents: 0, token_hash: null, token_expires_at: null, order_id: null, customer_id: null, created_at: AT,
    });
    await q.insert('customer', { email: 'dee@example.com', email_normalized: 'dee@example.com', password_hash: 'x', first_name: 'Dee', last_name: 'Lee', phone: null, default_shipping_address_id: null, default_billing_address_id: null, created_at: AT, updated_at: AT });
    await mail(q, 'order-confirmation', 'Dee@example.com', `order-confirmation:${orderId}`);

    expect((await erasurePlan(q, id, names))?.remains).toEqual({ orders: 1, quotes: 1, account: true, mails: 1 });
    expect((await eraseSubscriber(q, id, names, { otherLeads: true }))?.erased.remains).toEqual({ orders: 1, quotes: 1, account: true, mails: 1, leads: 0 });
    expect(await mailKeys(q)).toEqual([`order-confirmation Dee@example.com order-confirmation:${orderId}`]);
  });

  it('counts the mails to every spelling of the address: capitals outside ASCII, a punycode domain', async () => {
    const { q, subscribe } = await setup();
    // The subscriber's address is its identity; the order's mails keep the address as it was typed.
    const id = await subscribe('åsa@bücher.example');
    await mail(q, 'order-confirmation', 'Åsa@xn--bcher-kva.example', 'order-confirmation:7');
    await mail(q, 'order-status', 'ÅSA@BÜCHER.EXAMPLE', 'order-status:7');
    // Not hers: another local part of the same shape, and the same local part at another domain.
    await mail(q, 'order-confirmation', 'åsb@bücher.example', 'order-confirmation:8');
    await mail(q, 'order-confirmation', 'åsa@other.example', 'order-confirmation:9');
    const plan = (await erasurePlan(q, id, names))!;
    expect(plan.newsletterMails).toBe(1);
    expect(plan.remains).toEqual({ orders: 0, quotes: 0, account: false, mails: 2 });
    const erased = (await eraseSubscriber(q, id, names, { otherLeads: false }))!.erased;
    expect(erased).toMatchObject({ mails: 1, remains: { mails: 2 } });
    expect(await mailKeys(q)).toEqual([
      'order-confirmation Åsa@xn--bcher-kva.example order-confirmation:7',
      'order-status ÅSA@BÜCHER.EXAMPLE order-status:7',
      'order-confirmation åsb@bücher.example order-confirmation:8',
      'order-confirmation åsa@other.example order-confirmation:9',
    ]);
  });
});
