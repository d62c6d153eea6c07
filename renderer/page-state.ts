/** Everything a page needs to render; built on the server and handed to the browser for hydration. */
import type { PageDefinition } from '../schemas/page.schema';
import type { SiteSettings } from '../schemas/site-settings.schema';
import type { Crumb } from './blocks/block-definition';
import type { FormBlockData } from './forms/form-block-entry';

export interface PageState {
  pageName: string;
  page: PageDefinition;
  settings: SiteSettings;
  /** Path and query of the request, e.g. /products?page=2. */
  url: string;
  params: Record<string, string>;
  /** Whether the visitor already answered the cookie banner (read from the consent cookie). */
  consentGiven: boolean;
  /** What each block's selectData returned, by block index (null where a block needs no data). */
  blockData: unknown[];
  /** Indexes of blocks whose selectData threw: they are not rendered. */
  failedBlocks?: number[];
  /** The breadcrumb trail of the page (from the route list, or set by a block). */
  breadcrumb: Crumb[];
  /** The page's title as shown (a block may have replaced the definition's title). */
  title: string;
  /** The footer's newsletter form (the content's forms/newsletter.json), absent when there is none. */
  footerNewsletter?: FormBlockData;
  /** How the studio draws the page; absent for visitors, whose pages never carry it. */
  studio?: StudioView;
}

/**
 * The studio's ways of drawing a page: `markBlocks` wraps each block in an element carrying its
 * index (data-studio-block), so a click in the preview can open that block in the form;
 * `blocksOnly` leaves out the header, footer and banners (a block type's picture in the catalogue).
 */
export interface StudioView {
  markBlocks?: boolean;
  blocksOnly?: boolean;
}

export const STATE_ELEMENT_ID = 'showroom-state';
