/** Everything a page needs to render; built on the server and handed to the browser for hydration. */
import type { PageDefinition } from '../schemas/page.schema';
import type { SiteSettings } from '../schemas/site-settings.schema';

export interface PageState {
  pageName: string;
  page: PageDefinition;
  settings: SiteSettings;
  /** Path and query of the request, e.g. /products?page=2. */
  url: string;
  params: Record<string, string>;
  /** Whether the visitor already answered the cookie banner (read from the consent cookie). */
  consentGiven: boolean;
}

export const STATE_ELEMENT_ID = 'showroom-state';
