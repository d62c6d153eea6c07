/**
 * What the studio's routes need of the server. `live` is the content every server serves
 * (../content/live-site.ts): the studio reads it, validates drafts against it and asks it to
 * reload after a publish.
 */
import type { ContentProblem, LiveSite } from '../content/live-site';
import type { Database } from '../db/database';
import type { Gateways } from '../gateways/gateway';
import type { StoreOrigins } from '../http/store-origins';
import type { Logger } from '../logger';
import type { Commerce } from '../services/commerce';
import type { FormSettings } from '../services/form-settings';
import type { PaymentPagesStudioDeps } from '../payment-pages/studio-routes';
import type { ClientAssets } from '../ssr/client-assets';
import type { RenderPage } from '../ssr/page-route';
import type { ImageLimits } from './image-limits';

export interface StudioDeps {
  database: Database;
  logger: Logger;
  publicUrl: string;
  /** A cookie-authenticated write must come from one of these origins. */
  storeOrigins: StoreOrigins;
  live: LiveSite;
  renderPage: RenderPage;
  assets: ClientAssets;
  production: boolean;
  /** The store's orders, quotes, payments and catalog, for the back office (the same services the storefront's routes use). */
  commerce: Commerce;
  /** The forms' settings: where uploads are, what the preview's form islands know of reCAPTCHA. */
  forms: FormSettings;
  /** The image library's quota per editor and upload rate (./image-limits.ts). */
  imageLimits: ImageLimits;
  /** The payment gateways, which refunds are carried out through. */
  gateways: Pick<Gateways, 'get'>;
  /** The payment pages' security as served and the gateways' keys, for the Payment pages screen. */
  paymentPages: PaymentPagesStudioDeps;
}

export type { ContentProblem };
