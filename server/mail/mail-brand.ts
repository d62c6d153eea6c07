/**
 * Who the e-mails come from: the store's name, colours and contact details, read from the site
 * settings the server serves (site.json), and the store's address on the web.
 *
 * The templates keep the signatures their callers use (an order, a link...), so the brand is not
 * passed to them: the app that serves the content names it here when it is built (server/app.ts),
 * and a publish that changes the settings builds the next app, which names the new brand. A process
 * runs one store; tests that start several in one process serve the same demo settings, and each
 * server started names its own (the last started wins).
 */
import { storeColors, type StoreColors } from '../../schemas/site-colors';
import type { SiteSettings } from '../../schemas/site-settings.schema';

export interface MailBrand {
  storeName: string;
  colors: StoreColors;
  /** The store's home page: the link under its name. */
  storeUrl: string | null;
  /** Lines of the footer: the showroom's address, phone and e-mail, as the settings give them. */
  contactLines: string[];
}

/** Before any store named its brand (a template rendered by a tool or a unit test). */
export const PLAIN_BRAND: MailBrand = { storeName: 'Showroom', colors: storeColors(undefined), storeUrl: null, contactLines: [] };

export function mailBrandOf(settings: Pick<SiteSettings, 'siteName' | 'colors' | 'contact'>, publicUrl: string | null): MailBrand {
  const contact = settings.contact;
  const address = contact?.address;
  const contactLines = [
    address ? [address.street, address.street2, `${address.city}, ${address.state} ${address.zipCode}`].filter(Boolean).join(', ') : '',
    contact?.phone ?? '',
    contact?.email ?? '',
  ].filter((line) => line !== '');
  return { storeName: settings.siteName, colors: storeColors(settings.colors), storeUrl: publicUrl ? new URL('/', publicUrl).href : null, contactLines };
}

let current: MailBrand = PLAIN_BRAND;

/** Names the brand every e-mail rendered from now on carries. */
export function setMailBrand(brand: MailBrand): void {
  current = brand;
}

export function mailBrand(): MailBrand {
  return current;
}
