/**
 * The double opt-in e-mail: sent to an address someone typed into a newsletter form, with the link
 * that alone subscribes it. Only the store's words and the link: nothing the visitor typed, so it
 * cannot carry a stranger's message.
 */
import { noticeMail, type RenderedMail } from './mail-templates';

export const NEWSLETTER_CONFIRMATION_SUBJECT = 'Confirm your newsletter subscription';

export function renderNewsletterConfirmation(confirmLink: string, validHours: number): RenderedMail {
  return noticeMail(
    NEWSLETTER_CONFIRMATION_SUBJECT,
    [
      'Someone, probably you, asked to receive our newsletter at this address.',
      `To confirm, open the link below. It works for ${validHours} hours.`,
      'If it was not you, ignore this e-mail: the address will not be subscribed.',
    ],
    { href: confirmLink, text: 'Confirm my subscription' },
  );
}
