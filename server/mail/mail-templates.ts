/**
 * The order e-mails (the customer's confirmation, the admins' copy, the split-payment
 * confirmation), rendered by the server from the stored order (never from data a browser sent).
 * Subjects word for word: 'Order Confirmation #{id}', 'New Order #{id}',
 * 'Payment Confirmation - Order #{id} Placed on {date}'.
 */
import { formatMoney } from '../../schemas/money';
import { groupLines, lineText, lineWords, totalsRows } from '../../schemas/evaluators/quote-lines';
import type { OrderView } from '../orders/order-view';

export type MailType = 'order-confirmation' | 'order-confirmation-admin' | 'split-payment-confirmation' | 'refund-due-admin' | 'refund' | 'form-notification' | 'form-confirmation' | 'newsletter-confirmation' | 'quote-link' | 'order-status' | AccountMailType;

/** The account e-mails: sent by the server only, never through /api/email/send-email. */
export type AccountMailType = 'account-welcome' | 'account-exists' | 'password-reset' | 'password-changed';

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
}

function addressText(order: OrderView, type: 'billing' | 'shipping'): string {
  const a = order.addresses.find((x) => x.type === type);
  if (!a) return '';
  return [`${a.firstName} ${a.lastName}`, a.street1, a.street2, `${a.city}, ${a.state} ${a.zipCode}`, a.countryId, a.phoneNumber].filter(Boolean).join('\n');
}

function placedOn(iso: string): string {
  const d = new Date(iso);
  return `${String(d.getUTCMonth() + 1).padStart(2, '0')}/${String(d.getUTCDate()).padStart(2, '0')}/${d.getUTCFullYear()}`;
}

function layout(title: string, body: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body style="font-family:Arial,sans-serif;color:#222;max-width:640px;margin:auto">${body}</body></html>`;
}

/** The order's lines in the words of every page (schemas/evaluators/quote-lines.ts), in their rooms. */
function itemsTable(order: OrderView): string {
  const cell = (text: string, align = 'left') => `<td align="${align}" valign="top">${text}</td>`;
  const rows = groupLines(order.items)
    .map((g) => {
      const head = g.group ? `<tr><th align="left" colspan="4">${escapeHtml(g.group)}</th></tr>` : '';
      const lines = g.items.map((i) => {
        const w = lineWords(i);
        const details = [w.code, ...w.details, ...(w.notes ? [`Note: ${w.notes}`] : [])].map(escapeHtml).join('<br>');
        return `<tr>${cell(`${escapeHtml(w.description)}<br><small>${details}</small>`)}${cell(escapeHtml(w.quantity), 'right')}${cell(escapeHtml(w.unitPrice), 'right')}${cell(escapeHtml(w.total), 'right')}</tr>`;
      });
      return head + lines.join('');
    })
    .join('');
  return `<table width="100%" cellpadding="6" style="border-collapse:collapse"><thead><tr><th align="left">Item</th><th align="right">Qty</th><th align="right">Unit price</th><th align="right">Total</th></tr></thead><tbody>${rows}</tbody></table>`;
}

/** The totals' rows, which add up to the total: the same rows as every page. */
function orderTotalsRows(order: OrderView) {
  return totalsRows({ subtotal: order.subtotal, discount: Math.abs(order.discountAmount), shipping: order.shippingAmount, tax: order.taxAmount, shippingTax: order.shippingTaxAmount, taxPercent: order.taxPercent, total: order.total });
}

function totalsBlock(order: OrderView): string {
  return `<table width="100%" cellpadding="4">${orderTotalsRows(order)
    .map((r) => `<tr><td align="right">${escapeHtml(r.label)}</td><td align="right" width="120"><strong>${r.display}</strong></td></tr>`)
    .join('')}</table>`;
}

function paymentMethodLabel(order: OrderView): string {
  const last = [...order.payments].reverse().find((p) => p.status === 'completed');
  return last?.methodLabel ?? order.payment.methodLabel;
}

function orderBody(order: OrderView, heading: string, intro: string): string {
  return layout(
    heading,
    `<h1>${escapeHtml(heading)}</h1><p>${intro}</p>
<p>Order <strong>#${escapeHtml(order.orderIncrementId)}</strong> placed on ${placedOn(order.createdAt)}. Payment status: <strong>${order.remainingBalance === 0 ? 'Paid' : 'Partially paid'}</strong> (${escapeHtml(paymentMethodLabel(order))}).</p>
${itemsTable(order)}${totalsBlock(order)}
<h3>Billing address</h3><p>${escapeHtml(addressText(order, 'billing')).replace(/\n/g, '<br>')}</p>
<h3>Shipping address</h3><p>${escapeHtml(addressText(order, 'shipping')).replace(/\n/g, '<br>')}</p>
<p>Shipping method: ${escapeHtml(order.shippingLabel)}</p>${order.additionalNotes ? `<p>Notes: ${escapeHtml(order.additionalNotes)}</p>` : ''}`,
  );
}

function orderText(order: OrderView, heading: string): string {
  return [
    heading,
    `Order #${order.orderIncrementId} placed on ${placedOn(order.createdAt)}`,
    ...order.items.map(lineText),
    ...orderTotalsRows(order).map((r) => `${r.label} ${r.display}`),
    '',
    'Billing address:',
    addressText(order, 'billing'),
    '',
    'Shipping address:',
    addressText(order, 'shipping'),
  ].join('\n');
}

export function renderOrderConfirmation(order: OrderView): RenderedMail {
  const customer = escapeHtml(`${order.firstName} ${order.lastName}`);
  return {
    subject: `Order Confirmation #${order.orderIncrementId}`,
    html: orderBody(order, `Order Confirmation #${order.orderIncrementId}`, `Thank you for your order, ${customer}. We will let you know when it ships.`),
    text: orderText(order, `Order Confirmation #${order.orderIncrementId}`),
  };
}

export function renderAdminOrder(order: OrderView): RenderedMail {
  return {
    subject: `New Order #${order.orderIncrementId}`,
    html: orderBody(order, `New Order #${order.orderIncrementId}`, `A new order was placed by ${escapeHtml(`${order.firstName} ${order.lastName}`)} (${escapeHtml(order.email)}).`),
    text: orderText(order, `New Order #${order.orderIncrementId}`),
  };
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
  const rows: [string, string][] = [
    ['Order total', formatMoney(order.total)],
    ['Completed payments', formatMoney(order.paidAmount)],
    ['This payment', `${formatMoney(info.paymentCents / 100)} (${info.gateway}, transaction ${info.transactionId})`],
    ['Refund due', formatMoney(info.excessCents / 100)],
  ];
  const intro = `Order #${order.orderIncrementId} (${order.firstName} ${order.lastName}, ${order.email}) received more than it owed. A refund of ${formatMoney(info.excessCents / 100)} is due to the customer: refund it with ${info.gateway}, transaction ${info.transactionId}.`;
  return {
    subject,
    html: layout(subject, `<h1>${escapeHtml(subject)}</h1><p>${escapeHtml(intro)}</p><table cellpadding="4">${rows.map(([l, v]) => `<tr><td>${l}</td><td><strong>${escapeHtml(v)}</strong></td></tr>`).join('')}</table>`),
    text: [subject, intro, ...rows.map(([l, v]) => `${l}: ${v}`)].join('\n'),
  };
}

export interface SplitPaymentInfo {
  currentCents: number;
  method: string;
  completePaymentLink: string;
}

export function renderSplitPaymentConfirmation(order: OrderView, info: SplitPaymentInfo): RenderedMail {
  const subject = `Payment Confirmation - Order #${order.orderIncrementId} Placed on ${placedOn(order.createdAt)}`;
  const rows: [string, string][] = [
    ['Order total', formatMoney(order.total)],
    ['This payment', formatMoney(info.currentCents / 100)],
    ['Paid so far', formatMoney(order.paidAmount)],
    ['Remaining balance', formatMoney(order.remainingBalance)],
    ['Payment method', info.method],
  ];
  const link = order.remainingBalance > 0 ? `<p><a href="${escapeHtml(info.completePaymentLink)}">Complete your payment</a></p>` : '<p>Your order is now fully paid.</p>';
  return {
    subject,
    html: layout(subject, `<h1>${escapeHtml(subject)}</h1><p>We received your payment. Thank you!</p><table cellpadding="4">${rows.map(([l, v]) => `<tr><td>${l}</td><td><strong>${escapeHtml(v)}</strong></td></tr>`).join('')}</table>${link}`),
    text: [subject, ...rows.map(([l, v]) => `${l}: ${v}`), order.remainingBalance > 0 ? `Complete your payment: ${info.completePaymentLink}` : 'Your order is now fully paid.'].join('\n'),
  };
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
}

/** To the customer: money given back on their order, how much, why, and where it goes. */
export function renderRefund(order: OrderView, info: RefundInfo): RenderedMail {
  const subject = `Refund of ${formatMoney(info.amountCents / 100)} - Order #${order.orderIncrementId}`;
  const rows: [string, string][] = [
    ['Refunded', formatMoney(info.amountCents / 100)],
    ['Reason', info.reason],
    ['Back to', info.paidWith],
    ['Refunded on this order so far', formatMoney(order.refundedAmount)],
  ];
  const when = info.settling ? 'Your bank usually shows it within 5 to 10 business days.' : 'Your bank shows it within a few business days.';
  const link = info.accountLink ? `<p><a href="${escapeHtml(info.accountLink)}">See the order in your account</a></p>` : '';
  return {
    subject,
    html: layout(
      subject,
      `<h1>${escapeHtml(subject)}</h1><p>Hello ${escapeHtml(order.firstName)}, we have given ${escapeHtml(formatMoney(info.amountCents / 100))} back on your order #${escapeHtml(order.orderIncrementId)}. ${escapeHtml(when)}</p><table cellpadding="4">${rows.map(([l, v]) => `<tr><td>${l}</td><td><strong>${escapeHtml(v)}</strong></td></tr>`).join('')}</table>${link}`,
    ),
    text: [subject, '', `Hello ${order.firstName}, we have given ${formatMoney(info.amountCents / 100)} back on your order #${order.orderIncrementId}. ${when}`, '', ...rows.map(([l, v]) => `${l}: ${v}`), ...(info.accountLink ? ['', `See the order in your account: ${info.accountLink}`] : [])].join('\n'),
  };
}

/** Links of the account e-mails, absolute URLs on the store's PUBLIC_URL. */
export interface AccountLinks {
  signIn: string;
  forgotPassword: string;
}

/** A short e-mail of the store's own words and one link (the account and newsletter e-mails). */
export function noticeMail(subject: string, paragraphs: string[], link?: { href: string; text: string }): RenderedMail {
  const html = layout(
    subject,
    `<h1>${escapeHtml(subject)}</h1>${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('')}${link ? `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.text)}</a></p>` : ''}`,
  );
  return { subject, html, text: [subject, '', ...paragraphs, ...(link ? ['', `${link.text}: ${link.href}`] : [])].join('\n') };
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
