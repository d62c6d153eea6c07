/**
 * The newsletter form in the site footer: a shell island of its own (like the header), so a page's
 * footer stays plain HTML and only this form hydrates, when it nears the viewport. Its props are the
 * content's forms/newsletter.json and the reCAPTCHA site key, picked on the server.
 */
import type { FormDefinition } from '../../schemas/forms/form.schema';
import { FormBlock } from '../forms/FormBlock';

/** The form definition the footer shows, by name (forms/{name}.json); no such form, no footer form. */
export const FOOTER_NEWSLETTER_FORM = 'newsletter';

export interface FooterNewsletterProps {
  form: FormDefinition;
  recaptchaSiteKey?: string;
}

export function FooterNewsletter({ form, recaptchaSiteKey }: FooterNewsletterProps) {
  return (
    <FormBlock
      form={form}
      // Its own id prefix: the home page's newsletter popup holds the same form.
      options={{ idPrefix: 'footer-newsletter', className: 'footer-newsletter', ...(recaptchaSiteKey ? { recaptchaSiteKey } : {}) }}
    />
  );
}
