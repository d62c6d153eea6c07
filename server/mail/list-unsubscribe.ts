/**
 * Every e-mail the store sends to a newsletter subscriber carries the way out: the unsubscribe link
 * (the /unsubscribe/{token} page) at the foot of the body, and the List-Unsubscribe header with
 * List-Unsubscribe-Post (RFC 8058), so a mail client's one-click unsubscribe POSTs to the API.
 */
import type { Queries } from '../db/queries';
import { findSubscribersByEmails, normalizeEmail, oneClickUnsubscribeUrl, unsubscribePageUrl, type Subscriber } from '../services/newsletter-subscribers';
import { mailBrand } from './mail-brand';
import { escapeHtml } from './mail-templates';
import type { OutgoingMail } from './outbox';

/** Each mail with the list's way out when its recipient is a confirmed subscriber: one lookup for them all. */
export async function withUnsubscribeLinks(q: Queries, mails: readonly OutgoingMail[], publicUrl: string): Promise<OutgoingMail[]> {
  if (!mails.length) return [];
  const subscribers = await findSubscribersByEmails(q, mails.map((m) => m.recipient));
  return mails.map((mail) => {
    const subscriber = subscribers.get(normalizeEmail(mail.recipient));
    return subscriber && subscriber.status === 'subscribed' ? withLink(mail, subscriber, publicUrl) : mail;
  });
}

function withLink(mail: OutgoingMail, subscriber: Subscriber, publicUrl: string): OutgoingMail {
  const page = unsubscribePageUrl(publicUrl, subscriber.unsubscribe_token);
  // Under the mail's column (./mail-html.tsx): as wide at most, centred, in its footer's type.
  const muted = mailBrand().colors.muted;
  const footerHtml = `<p style="max-width:552px;margin:12px auto 24px;padding:0 24px;font-family:Arial,sans-serif;font-size:12px;line-height:18px;color:${muted};overflow-wrap:anywhere">You receive our newsletter at ${escapeHtml(subscriber.email)}. <a href="${escapeHtml(page)}" style="color:${muted}">Unsubscribe</a></p>`;
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
