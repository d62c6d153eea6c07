/**
 * E-mailing a quote's payment link to its customer. A fresh link is issued and the mail queued in
 * one transaction (../mail/outbox.ts): when the recipient cap (../mail/recipient-cap.ts, the
 * 'typed' kind: nobody proved owning the address typed into the quote) refuses the mail, the link
 * is not renewed either and the operator is told, instead of a link that silently never arrives.
 */
import crypto from 'node:crypto';
import { formatMoney, toDollars } from '../../schemas/money';
import type { Queries } from '../db/queries';
import { ApiError } from '../http/api-error';
import { noticeMail, type RenderedMail } from '../mail/mail-templates';
import { enqueueMail } from '../mail/outbox';
import { RECIPIENT_MAILS_PER_HOUR } from '../mail/recipient-cap';
import type { QuoteRow, QuoteService } from '../services/quote-service';

export const QUOTE_MAIL_CAPPED = `This address has had ${RECIPIENT_MAILS_PER_HOUR} e-mails from the store in the last hour. Try again later, or issue a link and send it another way.`;

/** 'Thursday, December 3, 2026 at 10:00 AM UTC': the expiry as the customer reads it. */
function expiryText(iso: string): string {
  return `${new Date(iso).toLocaleString('en-US', { timeZone: 'UTC', weekday: 'long', year: 'numeric', month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit' })} UTC`;
}

export function renderQuoteLinkMail(quote: Pick<QuoteRow, 'increment_id' | 'id' | 'first_name' | 'total_cents'>, link: { url: string; expiresAt: string }): RenderedMail {
  const number = quote.increment_id ?? String(quote.id);
  return noticeMail(
    `Your quote ${number}`,
    [
      `Hello ${quote.first_name},`,
      `Your quote ${number} is ready. Its total is ${formatMoney(toDollars(quote.total_cents))}, shipping and tax included.`,
      `Open it with the link below to review it and pay. The link is valid until ${expiryText(link.expiresAt)}; ask us for a new one after that.`,
    ],
    { href: link.url, text: `View and pay quote ${number}` },
  );
}

/** Issues a fresh link and queues its e-mail; 429 when the recipient cap refuses the mail (nothing changes then). */
export async function emailQuoteLink(q: Queries, quotes: QuoteService, quote: QuoteRow, days: number, now = new Date()): Promise<{ sentTo: string; expiresAt: string }> {
  return q.transaction(async (tx) => {
    const link = await quotes.issueLink(quote.id, days, now, tx);
    const queued = await enqueueMail(
      tx,
      { type: 'quote-link', orderId: null, recipient: quote.email, cc: [], dedupeKey: `quote-link:${quote.id}:${crypto.randomUUID()}`, ...renderQuoteLinkMail(quote, link) },
      { now: () => now },
    );
    // Thrown inside the transaction: the new link is rolled back with the refused mail.
    if (!queued) throw new ApiError(429, 'recipient_capped', QUOTE_MAIL_CAPPED);
    return { sentTo: quote.email, expiresAt: link.expiresAt };
  });
}
