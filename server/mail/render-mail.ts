/** A mail's subject, HTML and plain text, from what it says and the store's brand of the moment. */
import { mailBrand } from './mail-brand';
import type { MailDocument, RenderedMail } from './mail-document';
import { mailHtml } from './mail-html';
import { mailText } from './mail-text';

export function renderMail(doc: MailDocument): RenderedMail {
  const brand = mailBrand();
  return { subject: doc.subject, html: mailHtml(doc, brand), text: mailText(doc, brand) };
}
