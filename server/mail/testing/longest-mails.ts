/**
 * Every e-mail the store sends, rendered with the longest data a real store gives it: long names
 * and addresses, 30 order lines with their options and notes, a long comment, a form with every
 * kind of field and a message at its 2,000-character limit. The mail tests check these for size,
 * links and text (../mail-templates.test.ts) and draw them in Chromium (e2e/mail-rendering.e2e.ts).
 */
import type { FormDefinition } from '../../../schemas/forms/form.schema';
import { renderOrderStatusMail } from '../../back-office/order-status-mail';
import { renderQuoteLinkMail } from '../../back-office/quote-mail';
import { orderView, type OrderRecord } from '../../orders/order-view';
import { renderFormConfirmation, renderFormNotification } from '../form-mail-templates';
import type { RenderedMail } from '../mail-document';
import {
  renderAccountExists,
  renderAccountWelcome,
  renderAdminOrder,
  renderOrderConfirmation,
  renderPasswordChanged,
  renderPasswordReset,
  renderRefund,
  renderRefundDue,
  renderSplitPaymentConfirmation,
  type MailType,
} from '../mail-templates';
import { renderNewsletterConfirmation } from '../newsletter-confirmation-mail';
import { renderChangeAlert, renderViolationAlert } from '../../payment-pages/payment-page-mail';
import type { PageChange } from '../../payment-pages/page-snapshot';
import { renderReviewMail } from '../../studio/review-mail';
import type { Review } from '../../studio/review-store';

export const STORE_URL = 'https://www.oakandhearth-cabinetry.example';
const FIRST = 'Maximiliana-Josephine';
const LAST = 'Vanderbilt-Castellanos de la Fuente';
const EMAIL = 'maximiliana.josephine.vanderbilt-castellanos@longfamilyname-architecture-studio.example';
const CREATED = '2026-11-27T15:04:05.000Z';

const STYLES = ['Hartford Shaker', 'Portland Slim Shaker', 'Charleston Raised Panel', 'Soho Slab', 'Savannah Beaded Inset', 'Nantucket Flush Inset'];
const FINISHES = ['Sage Green', 'Midnight Navy', 'Natural Walnut Stain', 'Dove White', 'Charcoal Grey', 'Driftwood Oak'];
const PIECES = ['Base Cabinet with Full-Extension Soft-Close Drawers, 36" W x 34.5" H x 24" D', 'Wall Cabinet with Glass-Front Doors and Interior Lighting, 30" W x 42" H x 12" D', 'Tall Pantry Cabinet with Roll-Out Shelves, 24" W x 96" H x 24" D'];

/** A paid order of 30 lines from a quote, each with a finish, an option and a note. */
export function longestOrder(): OrderRecord {
  const items = Array.from({ length: 30 }, (_, i) => {
    const style = STYLES[i % STYLES.length]!;
    const finish = FINISHES[(i * 5) % FINISHES.length]!;
    const qty = 1 + (i % 4);
    const price = 48_950 + i * 1_275;
    return {
      id: i + 1,
      order_id: 1,
      sku: `${style.replace(/[^A-Z]/g, '')}-${finish.replace(/[^A-Z]/g, '')}-B36FXD-SC-${String(1000 + i)}`,
      name: `${style} ${PIECES[i % PIECES.length]}`,
      style_name: style.toLowerCase().replace(/ /g, '-'),
      style_title: style,
      price_cents: price,
      original_price_cents: price,
      price_incl_tax_cents: Math.round(price * 1.0875),
      qty,
      weight: 42,
      row_weight: 42 * qty,
      row_total_cents: price * qty,
      tax_percent: 8.75,
      tax_cents: Math.round(price * qty * 0.0875),
      row_total_incl_tax_cents: Math.round(price * qty * 1.0875),
      detail: null,
      // As the store keeps a line's finish: its kind, its catalog name and its code.
      custom_options: JSON.stringify([{ type: i % 2 ? 'stained' : 'painted', label: finish, value: finish.toLowerCase().replace(/ /g, '-') }]),
      notes: i % 3 === 0 ? 'Scribe the left side 3/4" to the uneven plaster wall; the installer will confirm on site before cutting the filler strip.' : null,
    };
  });
  const subtotal = items.reduce((sum, i) => sum + i.row_total_cents, 0);
  const tax = items.reduce((sum, i) => sum + i.tax_cents, 0);
  const total = subtotal + tax + 34_900;
  const address = (id: number, type: string) => ({
    id,
    order_id: 1,
    type,
    email: EMAIL,
    first_name: FIRST,
    last_name: LAST,
    street1: '12345 North Old Woodward Avenue Extension, Building C',
    street2: 'Suite 1450, Attn: Receiving Dock 3 (deliveries Mon-Fri 7 AM to 3 PM)',
    city: 'Rancho Santa Margarita',
    state: 'CA',
    zip_code: '92688-4501',
    country_id: 'US',
    phone_number: '(949) 555-0123 ext. 4567',
    customer_id: 'c-42',
  });
  return {
    order: {
      id: 1,
      increment_id: '000001042',
      state: 'processing',
      status: 'processing',
      email: EMAIL,
      first_name: FIRST,
      last_name: LAST,
      phone: '(949) 555-0123',
      customer_is_guest: 0,
      customer_id: 'c-42',
      dealer_origin: null,
      dealer_attribution: null,
      currency: 'USD',
      subtotal_cents: subtotal,
      shipping_cents: 34_900,
      shipping_tax_cents: 0,
      tax_cents: tax,
      discount_cents: 0,
      total_cents: total,
      tax_percent: 8.75,
      weight: 1260,
      total_item_count: items.reduce((sum, i) => sum + i.qty, 0),
      shipping_method: 'freight-liftgate',
      shipping_label: 'Freight with liftgate and inside delivery to the room of your choice (3-5 weeks)',
      payment_method: 'test',
      payment_method_label: 'Credit card',
      po_number: 'PO-2026-11-VANDERBILT-KITCHEN-REMODEL',
      additional_notes:
        'Please call the site supervisor, Ramón, at (949) 555-0188 a day before delivery: the driveway is steep and the truck must park on Calle Cortez. The cabinets go to the garage, not the kitchen, until the floor is finished.',
      quote_id: 7,
      split_payment_enabled: 1,
      minimum_split_cents: 50_000,
      email_sent: 0,
      created_at: CREATED,
      updated_at: CREATED,
    },
    items,
    addresses: [address(1, 'billing'), address(2, 'shipping')],
    payments: [
      {
        id: 1,
        order_id: 1,
        method: 'test',
        method_label: 'Credit card',
        gateway: 'test',
        status: 'completed',
        amount_cents: Math.round(total / 2),
        currency: 'USD',
        transaction_id: 'test_txn_7f3a9c2e4b1d8f6a0c5e9b3d7f1a4c8e',
        provider_reference: 'test_txn_7f3a9c2e4b1d8f6a0c5e9b3d7f1a4c8e',
        additional_data: JSON.stringify({ cardLast4: '4242' }),
        created_at: CREATED,
        updated_at: CREATED,
      },
    ],
    history: [],
    refunds: [],
    refundLines: [],
    overpayments: [],
  };
}

const LONG_MESSAGE = (
  'We are remodeling a 1920s bungalow and want to keep its character. The kitchen is 14 by 11 feet with a window on the north wall, ' +
  'a radiator we cannot move, and a doorway to the dining room that is only 30 inches wide, so the cabinets must come through it. ' +
  'We like the sage green shaker with brass cup pulls, but worry the colour is too dark for the room. Could a designer look at our plan? '
).repeat(6).slice(0, 2000);

/** A form with one field of every kind a notification lists, and metadata. */
export const LONGEST_FORM: FormDefinition = {
  name: 'free-kitchen-design',
  title: 'Book your free kitchen design consultation with one of our senior designers',
  fields: [
    { name: 'firstName', type: 'text', label: 'First name' },
    { name: 'lastName', type: 'text', label: 'Last name' },
    { name: 'email', type: 'email', label: 'E-mail' },
    { name: 'phone', type: 'tel', label: 'Phone' },
    {
      name: 'room',
      type: 'select',
      label: 'Which room are you planning?',
      options: [
        { value: 'kitchen', label: 'Kitchen, including the pantry and a breakfast nook' },
        { value: 'bath', label: 'Bathroom' },
      ],
    },
    {
      name: 'styles',
      type: 'checkboxes',
      label: 'Door styles you like',
      options: STYLES.map((s) => ({ value: s.toLowerCase().replace(/ /g, '-'), label: s })),
    },
    { name: 'estimate', type: 'hidden', label: 'Estimated total', value: '$18,450.00 - $24,900.00' },
    { name: 'message', type: 'textarea', label: 'Tell us about your project', maxLength: 2000 },
    { name: 'plans', type: 'file', label: 'Floor plans and photos' },
    { name: 'newsletter', type: 'newsletter', label: 'Send me ideas and offers by e-mail' },
  ],
  metadata: { source: 'google-ads-kitchen-remodel-campaign-fall-2026', landingPage: '/free-kitchen-design?utm_source=google&utm_medium=cpc&utm_campaign=kitchen-remodel-fall-2026' },
  emailNotifications: { sendSuccessEmail: true },
} as FormDefinition;

const FILES = Array.from({ length: 5 }, (_, i) => ({ name: `kitchen-floor-plan-and-elevations-north-wall-photo-${i + 1}-of-5-final-revised.pdf`, size: 4_800_000 + i * 100_000, type: 'application/pdf', upload: `u${i}` }));

export const LONGEST_FORM_DATA: Record<string, unknown> = {
  firstName: FIRST,
  lastName: LAST,
  email: EMAIL,
  phone: '(949) 555-0123 ext. 4567',
  room: 'kitchen',
  styles: STYLES.map((s) => s.toLowerCase().replace(/ /g, '-')),
  estimate: '$18,450.00 - $24,900.00',
  message: LONG_MESSAGE,
  plans: FILES,
  newsletter: true,
};

/** A change of several files, sent back: the review mail's longest case. */
const LONGEST_REVIEW: Review = {
  id: 1_024,
  authorId: 7,
  author: EMAIL,
  status: 'sent_back',
  note: 'New showroom page for Rancho Santa Margarita, with its route, the hours for the holidays and the photos of the Hartford Shaker display',
  notifyEmail: true,
  authorSeen: false,
  decidedBy: null,
  version: null,
  createdAt: CREATED,
  updatedAt: CREATED,
  files: ['pages/showroom-rancho-santa-margarita.json', 'routes.json', 'data/faqs.json', 'site.json'].map((path) => ({ path, text: '{}', baseHash: null })),
};

/** Every kind of change the detection finds, on each payment page: more than one mail lists. */
const PAGE_CHANGES: PageChange[] = ['/checkout', '/quote/payment', '/order/split-payment'].flatMap((page) =>
  Array.from({ length: 20 }, (_, i) => ({
    page,
    kind: 'script-added' as const,
    subject: `https://cdn.example-tag-manager.example/container-${i}.js`,
    summary: `A script was added: https://cdn.example-tag-manager.example/container-${i}.js`,
  })),
);

export interface SampleMail {
  /** A name for the file of its screenshot. */
  name: string;
  type: MailType;
  mail: RenderedMail;
  /** The links its reader must be able to follow, each in both parts. */
  links: string[];
}

/** Every template once, with the longest data; the links each must carry. */
export function longestMails(): SampleMail[] {
  const order = orderView(longestOrder());
  const accountLink = `${STORE_URL}/my-account/orders/${order.orderIncrementId}`;
  const splitLink = `${STORE_URL}/order/split-payment?orderId=${order.orderIncrementId}&email=${encodeURIComponent(EMAIL)}`;
  const resetLink = `${STORE_URL}/my-account/reset-password?token=Qm9vBXkzVjFwb2d1c2hlZC10b2tlbi1vZi00My1ieXRlcw`;
  const links = { signIn: `${STORE_URL}/my-account/login`, forgotPassword: `${STORE_URL}/my-account/forgot-password` };
  const quoteLink = `${STORE_URL}/quote/payment?quoteId=Q-000007&token=b64url_9f8e7d6c5b4a3f2e1d0c9b8a7f6e5d4c3b2a1f0e`;
  const confirmLink = `${STORE_URL}/newsletter/confirm/dGhpcy1pcy1hLWxvbmctY29uZmlybWF0aW9uLXRva2Vu`;
  const reviewLink = `${STORE_URL}/studio/reviews/${LONGEST_REVIEW.id}`;
  const studioUrl = `${STORE_URL}/studio/payment-pages`;
  const comment =
    'Your cabinets left our Sacramento warehouse today with Central Freight Lines, PRO number 1Z999AA10123456784. The carrier will call you to book a delivery window; someone must be there to sign for the 14 boxes and check them for damage before the driver leaves.';
  return [
    // Part-paid: the customer's confirmation carries the link that pays the rest.
    { name: 'order-confirmation', type: 'order-confirmation', mail: renderOrderConfirmation(order, { completePaymentLink: splitLink, dealerName: 'Harbor Kitchens & Bath of the Greater Sacramento Valley' }), links: [splitLink] },
    { name: 'order-confirmation-admin', type: 'order-confirmation-admin', mail: renderAdminOrder(order), links: [] },
    {
      name: 'split-payment-confirmation',
      type: 'split-payment-confirmation',
      mail: renderSplitPaymentConfirmation(order, { currentCents: 250_000, method: 'Credit card ending 4242', completePaymentLink: splitLink }),
      links: [splitLink],
    },
    {
      name: 'refund-due-admin',
      type: 'refund-due-admin',
      mail: renderRefundDue(order, { transactionId: 'test_txn_7f3a9c2e4b1d8f6a0c5e9b3d7f1a4c8e', gateway: 'Authorize.net', paymentCents: 1_250_000, excessCents: 125_075 }),
      links: [],
    },
    {
      name: 'refund',
      type: 'refund',
      mail: renderRefund(order, { amountCents: 125_075, reason: 'Samples or goods returned', paidWith: 'Credit card ending 4242', settling: true, accountLink }),
      links: [accountLink],
    },
    { name: 'form-notification', type: 'form-notification', mail: renderFormNotification(LONGEST_FORM, { id: 104_857, createdAt: CREATED, data: LONGEST_FORM_DATA }, FILES.map((f) => f.name)), links: [] },
    { name: 'form-confirmation', type: 'form-confirmation', mail: renderFormConfirmation(LONGEST_FORM, LONGEST_FORM_DATA), links: [] },
    { name: 'newsletter-confirmation', type: 'newsletter-confirmation', mail: renderNewsletterConfirmation(confirmLink, 48), links: [confirmLink] },
    {
      name: 'quote-link',
      type: 'quote-link',
      mail: renderQuoteLinkMail({ id: 7, increment_id: 'Q-000007', first_name: FIRST, total_cents: 2_489_950 }, { url: quoteLink, expiresAt: '2026-12-03T10:00:00.000Z' }),
      links: [quoteLink],
    },
    {
      name: 'order-status',
      type: 'order-status',
      mail: renderOrderStatusMail({ incrementId: order.orderIncrementId, firstName: FIRST, hasAccount: true }, 'shipped', comment, STORE_URL),
      links: [accountLink],
    },
    { name: 'account-welcome', type: 'account-welcome', mail: renderAccountWelcome(FIRST, links), links: [links.signIn] },
    { name: 'account-exists', type: 'account-exists', mail: renderAccountExists(FIRST, links), links: [links.forgotPassword] },
    { name: 'password-reset', type: 'password-reset', mail: renderPasswordReset(FIRST, resetLink, 60), links: [resetLink] },
    { name: 'password-changed', type: 'password-changed', mail: renderPasswordChanged(FIRST, links), links: [links.forgotPassword] },
    {
      name: 'studio-review',
      type: 'studio-review',
      mail: renderReviewMail(LONGEST_REVIEW, { kind: 'sent_back', by: 'margaret.van-der-westhuizen@oakandhearth-cabinetry.example', comment }, reviewLink),
      links: [reviewLink],
    },
    {
      name: 'payment-page-violation',
      type: 'payment-page-violation',
      mail: renderViolationAlert({ type: 'csp', page: '/quote/payment', directive: 'script-src-elem', blocked: 'https://cdn.skimmer-example-analytics.example', count: 1_204, first_seen_at: CREATED, firstTime: false, sinceLastMail: 318, studioUrl }),
      links: [studioUrl],
    },
    {
      name: 'payment-page-change',
      type: 'payment-page-change',
      mail: renderChangeAlert({ changes: PAGE_CHANGES, baseUrl: STORE_URL, checkId: 4_096, noBaseline: false, studioUrl }),
      links: [studioUrl],
    },
  ];
}
