/**
 * The order e-mails (the customer's confirmation, the admins' copy, the split-payment
 * confirmation), rendered by the server from the stored order (never from data a browser sent).
 * Subjects word for word: 'Order Confirmation #{id}', 'New Order #{id}',
 * 'Payment Confirmation - Order #{id} Placed on {date}'.
 */
import { totalsRows } from '../../schemas/evaluators/quote-lines';
import { formatMoney } from '../../schemas/money';
import type { OrderView } from '../orders/order-view';
import type { MailDocument, MailRow, RenderedMail } from './mail-document';
import { orderMailLine } from './order-line';
import { renderMail } from './render-mail';

export type MailType = 'order-confirmation' | 'order-confirmation-admin' | 'split-payment-confirmation' | 'refund-due-admin' | 'refund' | 'form-notification' | 'form-confirmation' | 'newsletter-confirmation' | 'quote-link' | 'order-status' | 'studio-review' | 'payment-page-violation' | 'payment-page-change' | AccountMailType;

/** The account e-mails: sent by the server only, never through /api/email/send-email. */
export type AccountMailType = 'account-welcome' | 'account-exists' | 'password-reset' | 'password-changed';

export type { RenderedMail } from './mail-document';

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
}

function addressLines(order: OrderView, type: 'billing' | 'shipping'): string[] {
  const a = order.addresses.find((x) => x.type === type);
  if (!a) return [];
  return [`${a.firstName} ${a.lastName}`, a.street1, a.street2, `${a.city}, ${a.state} ${a.zipCode}`, a.countryId, a.phoneNumber].filter(Boolean);
}

function placedOn(iso: string): string {
  const d = new Date(iso);
  return `${String(d.getUTCMonth() + 1).padStart(2, '0')}/${String(d.getUTCDate()).padStart(2, '0')}/${d.getUTCFullYear()}`;
}

function paymentMethodLabel(order: OrderView): string {
  const last = [...order.payments].reverse().find((p) => p.status === 'completed');
  return last?.methodLabel ?? order.payment.methodLabel;
}

/** The totals' rows, which add up to the total: the same rows as every page (schemas/evaluators/quote-lines.ts). */
function orderTotalsRows(order: OrderView): MailRow[] {
  return totalsRows({ subtotal: order.subtotal, discount: Math.abs(order.discountAmount), shipping: order.shippingAmount, tax: order.taxAmount, shippingTax: order.shippingTaxAmount, taxPercent: order.taxPercent, total: order.total }).map((r) => ({ label: r.label, value: r.display }));
}

/** The words of the link to the split-payment page, on every page and mail that carries it. */
export function payRemainingText(remainingBalance: number): string {
  return `Pay the remaining ${formatMoney(remainingBalance)}`;
}

/**
 * The order as both confirmations show it: its lines and totals, addresses, shipping and notes; a
 * part-paid order's with the link that pays the rest (the thank-you page sends the customer to it).
 */
function orderDocument(order: OrderView, heading: string, intro: string, extras: OrderMailExtras): MailDocument {
  const { completePaymentLink, dealerName } = extras;
  const addresses = (['billing', 'shipping'] as const).flatMap((type) => {
    const lines = addressLines(order, type);
    return lines.length ? [{ kind: 'address' as const, title: type === 'billing' ? 'Billing address' : 'Shipping address', lines }] : [];
  });
  return {
    subject: heading,
    preview: intro,
    heading,
    blocks: [
      { kind: 'paragraph', text: intro },
      {
        kind: 'paragraph',
        text: `Order #${order.orderIncrementId} placed on ${placedOn(order.createdAt)}${dealerName ? ` through ${dealerName}` : ''}. Payment status: ${order.remainingBalance === 0 ? 'Paid' : 'Partially paid'} (${paymentMethodLabel(order)}).`,
      },
      ...(order.remainingBalance > 0 && completePaymentLink
        ? [
            { kind: 'paragraph' as const, text: `Remaining balance: ${formatMoney(order.remainingBalance)}. Pay it from this link, in one or more payments.` },
            { kind: 'action' as const, text: payRemainingText(order.remainingBalance), href: completePaymentLink },
          ]
        : []),
      {
        kind: 'lines',
        lines: order.items.map(orderMailLine),
        totals: orderTotalsRows(order),
      },
      ...addresses,
      { kind: 'rows', rows: [{ label: 'Shipping method', value: order.shippingLabel }] },
      ...(order.additionalNotes.trim() ? [{ kind: 'heading' as const, text: 'Notes' }, { kind: 'paragraph' as const, text: order.additionalNotes.trim() }] : []),
    ],
  };
}

/** What a confirmation says beyond the order itself. */
export interface OrderMailExtras {
  /** The split-payment page of a part-paid order (its 'Pay the remaining $…'). */
  completePaymentLink?: string;
  /** The dealer the order came through, by the name dealers.json gives it. */
  dealerName?: string | null;
}

export function renderOrderConfirmation(order: OrderView, extras: OrderMailExtras = {}): RenderedMail {
  return renderMail(orderDocument(order, `Order Confirmation #${order.orderIncrementId}`, `Thank you for your order, ${order.firstName} ${order.lastName}. We will let you know when it ships.`, extras));
}

export function renderAdminOrder(order: OrderView, extras: Pick<OrderMailExtras, 'dealerName'> = {}): RenderedMail {
  return renderMail(orderDocument(order, `New Order #${order.orderIncrementId}`, `A new order was placed by ${order.firstName} ${order.lastName} (${order.email}).`, extras));
}

/** The payment that went over what the order owed: what was taken and what to give back. */
export interface OverpaymentInfo {
  transactionId: string;
  gateway: string;
  paymentCents: number;
  excessCents: number;
}

/** To the store's admins: a completed payment took more than the order owed, and a refund is due. */
export function renderRefundDue(order: OrderView, info: OverpaymentInfo): RenderedMail {
  const subject = `Refund due - Order #${order.orderIncrementId}`;
  const rows: MailRow[] = [
    { label: 'Order total', value: formatMoney(order.total) },
    { label: 'Completed payments', value: formatMoney(order.paidAmount) },
    { label: 'This payment', value: `${formatMoney(info.paymentCents / 100)} (${info.gateway}, transaction ${info.transactionId})` },
    { label: 'Refund due', value: formatMoney(info.excessCents / 100) },
  ];
  const intro = `Order #${order.orderIncrementId} (${order.firstName} ${order.lastName}, ${order.email}) received more than it owed. A refund of ${formatMoney(info.excessCents / 100)} is due to the customer: refund it with ${info.gateway}, transaction ${info.transactionId}.`;
  return renderMail({ subject, preview: intro, heading: subject, blocks: [{ kind: 'paragraph', text: intro }, { kind: 'rows', rows }] });
}

export interface SplitPaymentInfo {
  currentCents: number;
  method: string;
  completePaymentLink: string;
}

export function renderSplitPaymentConfirmation(order: OrderView, info: SplitPaymentInfo): RenderedMail {
  const subject = `Payment Confirmation - Order #${order.orderIncrementId} Placed on ${placedOn(order.createdAt)}`;
  const rows: MailRow[] = [
    { label: 'Order total', value: formatMoney(order.total) },
    { label: 'This payment', value: formatMoney(info.currentCents / 100) },
    { label: 'Paid so far', value: formatMoney(order.paidAmount) },
    { label: 'Remaining balance', value: formatMoney(order.remainingBalance) },
    { label: 'Payment method', value: info.method },
  ];
  const intro = `We received your payment of ${formatMoney(info.currentCents / 100)} on order #${order.orderIncrementId}. Thank you!`;
  return renderMail({
    subject,
    preview: intro,
    heading: subject,
    blocks: [
      { kind: 'paragraph', text: intro },
      { kind: 'rows', rows },
      order.remainingBalance > 0 ? { kind: 'action', text: payRemainingText(order.remainingBalance), href: info.completePaymentLink } : { kind: 'paragraph', text: 'Your order is now fully paid.' },
    ],
  });
}

export interface RefundInfo {
  amountCents: number;
  /** As the customer reads it ("Samples or goods returned"). */
  reason: string;
  /** How the money went back: the payment's method and its card, when known ("Credit card ending 4242"). */
  paidWith: string;
  /** Accepted by the bank and on its way (a few days), rather than given back at once. */
  settling: boolean;
  /** The order in the customer's account, for a customer with one. */
  accountLink: string | null;
  /** What came back, for a refund by line ("1 × W3030 Wall cabinet"); none for an amount. */
  returned?: string[];
}

/** To the customer: money given back on their order, how much, why, what came back, and where it goes. */
export function renderRefund(order: OrderView, info: RefundInfo): RenderedMail {
  const amount = formatMoney(info.amountCents / 100);
  const subject = `Refund of ${amount} - Order #${order.orderIncrementId}`;
  const returned = info.returned?.length ? info.returned.join(', ') : null;
  const rows: MailRow[] = [
    { label: 'Refunded', value: amount },
    ...(returned ? [{ label: 'Returned', value: returned }] : []),
    { label: 'Reason', value: info.reason },
    { label: 'Back to', value: info.paidWith },
    { label: 'Refunded on this order so far', value: formatMoney(order.refundedAmount) },
  ];
  const when = info.settling ? 'Your bank usually shows it within 5 to 10 business days.' : 'Your bank shows it within a few business days.';
  const intro = `Hello ${order.firstName}, we have given ${amount} back on your order #${order.orderIncrementId}${returned ? ` for what came back: ${returned}` : ''}. ${when}`;
  return renderMail({
    subject,
    preview: intro,
    heading: subject,
    blocks: [{ kind: 'paragraph', text: intro }, { kind: 'rows', rows }, ...(info.accountLink ? [{ kind: 'action' as const, text: 'See the order in your account', href: info.accountLink }] : [])],
  });
}

/** Links of the account e-mails, absolute URLs on the store's PUBLIC_URL. */
export interface AccountLinks {
  signIn: string;
  forgotPassword: string;
}

/** A short e-mail of the store's own words and one link (the account, newsletter, quote and status e-mails). */
export function noticeMail(subject: string, paragraphs: string[], link?: { href: string; text: string }): RenderedMail {
  // The greeting ("Hello Ann,") is not what the list should show: the first sentence after it is.
  const preview = paragraphs.find((p) => !/^Hello\b.*,$/.test(p)) ?? subject;
  return renderMail({
    subject,
    preview,
    heading: subject,
    blocks: [...paragraphs.map((text) => ({ kind: 'paragraph' as const, text })), ...(link ? [{ kind: 'action' as const, text: link.text, href: link.href }] : [])],
  });
}

export function renderAccountWelcome(firstName: string, links: AccountLinks): RenderedMail {
  return noticeMail(
    'Welcome to your account',
    [`Hello ${firstName},`, 'Your account is ready. Sign in to see your orders and quotes, save your addresses and check out faster.'],
    { href: links.signIn, text: 'Sign in' },
  );
}

/** Sent instead of a second account when someone registers with an e-mail that already has one. */
export function renderAccountExists(firstName: string, links: AccountLinks): RenderedMail {
  return noticeMail(
    'You already have an account',
    [
      `Hello ${firstName},`,
      'Someone (probably you) tried to create an account with this e-mail address, but you already have one, so nothing was changed.',
      'If you forgot your password, you can set a new one. If it was not you, you can ignore this e-mail.',
    ],
    { href: links.forgotPassword, text: 'Reset your password' },
  );
}

export function renderPasswordReset(firstName: string, resetLink: string, validMinutes: number): RenderedMail {
  return noticeMail(
    'Reset your password',
    [
      `Hello ${firstName},`,
      `Use the link below to choose a new password. It works once and expires in ${validMinutes} minutes.`,
      'If you did not ask for it, ignore this e-mail: your password stays as it is.',
    ],
    { href: resetLink, text: 'Choose a new password' },
  );
}

export function renderPasswordChanged(firstName: string, links: AccountLinks): RenderedMail {
  return noticeMail(
    'Your password was changed',
    [`Hello ${firstName},`, 'The password of your account was just changed, and every other signed-in device was signed out.', 'If it was not you, reset your password now.'],
    { href: links.forgotPassword, text: 'Reset your password' },
  );
}
