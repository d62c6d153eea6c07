/**
 * Registers the commerce API (orders, quotes, verify, cart and shipping, reviews, e-mail, forms) and
 * the dev mailbox. The mail worker is the server's, not an app's (server/start.ts starts it once):
 * an app is built anew whenever the content changes.
 */
import type Router from '@koa/router';
import type { Content } from '../content/load-content';
import type { Database } from '../db/database';
import type { Gateways, GatewayName } from '../gateways/gateway';
import { ApiError } from '../http/api-error';
import type { StoreOrigins } from '../http/store-origins';
import type { Logger } from '../logger';
import { devMailboxRoutes } from '../mail/dev-mailbox';
import type { MailConfig } from '../mail/mail-config';
import type { FormSettings } from '../services/form-settings';
import { createCommerce, type Commerce } from '../services/commerce';
import { cartRoutes } from './cart';
import { emailRoutes } from './email';
import { builderDepsOf } from '../back-office/quote-builder';
import { formsApi } from './forms-api';
import { accountRoutes } from './my-account';
import { openApiRoutes } from './openapi';
import { orderRoutes } from './orders';
import { paymentVerifyRoutes } from './payment-verify';
import { quoteRoutes } from './quotes';
import { reviewRoutes } from './reviews';

export interface CommerceDeps {
  content: Content;
  database: Database;
  logger: Logger;
  publicUrl: string;
  /** The store's own origins: a cookie-authenticated change must come from one; an order from another is a dealer's. */
  storeOrigins: StoreOrigins;
  gateways: Gateways;
  mail: MailConfig;
  forms: FormSettings;
  production: boolean;
}

/** Async: the commerce services read their signing key from the database first (createCommerce). */
export async function commerceRoutes(api: Router, deps: CommerceDeps): Promise<Commerce> {
  const commerce = await createCommerce({
    content: deps.content,
    database: deps.database,
    publicUrl: deps.publicUrl,
    mail: deps.mail,
    confirm: async (gateway, transactionId) => {
      const g = deps.gateways.get(gateway as GatewayName);
      if (!g) throw new ApiError(400, 'payment_method_not_available', 'Payment method not available');
      return g.confirm(transactionId);
    },
  });
  // Accounts first: an order placed while signed in belongs to its customer.
  const accounts = await accountRoutes(api, { commerce, publicUrl: deps.publicUrl, storeOrigins: deps.storeOrigins, logger: deps.logger, recaptcha: deps.forms.recaptcha });
  orderRoutes(api, commerce, { customerOf: (ctx) => accounts.auth.customerIdForRequest(ctx), storeOrigins: deps.storeOrigins });
  quoteRoutes(api, commerce);
  paymentVerifyRoutes(api, commerce);
  cartRoutes(api, commerce);
  reviewRoutes(api, deps.content.dir);
  emailRoutes(api, commerce);
  // An estimate's starting quote is made by the quote builder, from the same catalog and rules.
  const startingQuotes = builderDepsOf({ q: commerce.q, quotes: commerce.quotes, content: commerce.content, samples: commerce.catalog, kitchen: commerce.kitchen });
  await formsApi(api, { content: deps.content, database: deps.database, q: commerce.q, logger: deps.logger, publicUrl: deps.publicUrl, mail: deps.mail, settings: deps.forms, startingQuotes });
  openApiRoutes(api);
  if (!deps.production) devMailboxRoutes(api, commerce.q);
  return commerce;
}
