import type { SiteSettings } from '../../schemas/site-settings.schema';
import { telLink } from '../blocks/AddressContact';
import type { FormBlockData } from '../forms/form-block-entry';
import { Island } from '../islands/Island';
import { FooterNewsletter } from './FooterNewsletter';

/**
 * The site footer, plain HTML but for the newsletter form (when the content has forms/newsletter.json),
 * which is its own small island, hydrated when it nears the viewport.
 */
export function Footer({ settings, newsletter }: { settings: SiteSettings; newsletter?: FormBlockData | undefined }) {
  const contact = settings.contact;
  return (
    <footer className="footer">
      <div className="footer__inner">
        <div className="footer__brand">
          <p className="footer__name">{settings.siteName}</p>
          {settings.promotions && settings.promotions.length > 0 && (
            <ul className="footer__promotions">
              {settings.promotions.map((p) => (
                <li key={p.code}>{p.path ? <a href={p.path}>{p.title}</a> : p.title}</li>
              ))}
            </ul>
          )}
          {contact?.phone && (
            <p>
              <a href={telLink(contact.phone)}>{contact.phone}</a>
            </p>
          )}
          {contact?.email && (
            <p>
              <a href={`mailto:${contact.email}`}>{contact.email}</a>
            </p>
          )}
        </div>
        {(settings.footer ?? []).map((group) => (
          <nav className="footer__group" key={group.title} aria-label={group.title}>
            <p className="footer__heading">{group.title}</p>
            <ul>
              {group.links.map((link) => (
                <li key={link.path}>
                  <a href={link.path}>{link.label}</a>
                </li>
              ))}
            </ul>
          </nav>
        ))}
        {newsletter?.form && (
          <div className="footer__newsletter">
            <Island
              name="footer-newsletter"
              id="footer-newsletter"
              hydrate="visible"
              component={FooterNewsletter}
              props={{ form: newsletter.form, ...(newsletter.recaptchaSiteKey ? { recaptchaSiteKey: newsletter.recaptchaSiteKey } : {}) }}
            />
          </div>
        )}
      </div>
      <div className="footer__bottom">
        <p>© {settings.siteName}. All rights reserved.</p>
        {settings.socials && settings.socials.length > 0 && (
          <ul className="footer__socials">
            {settings.socials.map((s) => (
              <li key={s.url}>
                <a href={s.url} rel="noopener noreferrer">
                  {s.type.charAt(0).toUpperCase() + s.type.slice(1)}
                </a>
              </li>
            ))}
          </ul>
        )}
      </div>
    </footer>
  );
}
