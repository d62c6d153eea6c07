/**
 * Every e-mail the store sends to a newsletter subscriber carries the way out: the unsubscribe link
 * (the /unsubscribe/{token} page) at the foot of the body, and the List-Unsubscribe header with
 * List-Unsubscribe-Post (RFC 8058), so a mail client's one-click unsubscribe POSTs to the API.
 */
import type { Queries } from '../db/queries';
import { findSubscriberByEmail, oneClickUnsubscribeUrl, unsubscribePageUrl } from '../services/newsletter-subscribers';
import { escapeHtml } from './mail-templates';
import type { OutgoingMail } from './outbox';

export async function withUnsubscribeLink(q: Queries, mail: OutgoingMail, publicUrl: string): Promise<OutgoingMail> {
  const subscriber = await findSubscriberByEmail(q, mail.recipient);
  if (!subscriber || subscriber.status !== 'subscribed') return mail;
  const page = unsubscribePageUrl(publicUrl, subscriber.unsubscribe_token);
  const footerHtml = `<p style="font-size:12px;color:#666;margin-top:32px">You receive our newsletter at ${escapeHtml(subscriber.email)}. <a href="${escapeHtml(page)}">Unsubscribe</a></p>`;
  const html = mail.html.includes('</body>') ? mail.html.replace('</body>', () => `${footerHtml}</body>`) : `${mail.html}${footerHtml}`;
  return {
    ...mail,
    html,
    text: `${mail.text}\n\n--\nYou receive our newsletter at ${subscriber.email}. Unsubscribe: ${page}\n`,
    headers: {
      ...mail.headers,
      'List-Unsubscribe': `<${oneClickUnsubscribeUrl(publicUrl, subscriber.unsubscribe_token)}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
