/**
 * Builds the commerce services once per app: orders, quotes, payments, the sample and kitchen catalogs, order
 * access tokens, the lookup rate limiter and the mail settings.
 */
import type { KitchenCatalog } from '../../schemas/catalog/kitchen-catalog';
import type { Content } from '../content/load-content';
import type { Database } from '../db/database';
import type { Queries } from '../db/queries';
import type { MailConfig } from '../mail/mail-config';
import { OrderEmailLimits } from '../orders/order-access';
import { Orders } from '../orders/orders';
import { PaymentService } from './payment-service';
import type { ConfirmPayment } from './payment-types';
import { QuoteService } from './quote-service';
import { RateLimiter } from './rate-limiter';
import { limitStore, type LimitStore } from './shared-limits';
import { loadSampleCatalog, type SampleCatalog } from './sample-catalog';
import { OrderAccessTokens, serverSecret } from './secrets';

export interface Commerce {
  q: Queries;
  content: Content;
  catalog: SampleCatalog;
  /** Cabinets, countertops and services, which quotes are made of (the content's, unless a test gives its own). */
  kitchen: KitchenCatalog;
  orders: Orders;
  quotes: QuoteService;
  payments: PaymentService;
  tokens: OrderAccessTokens;
  lookupLimiter: RateLimiter;
  /** The per-client limits every order id + e-mail check uses: lookup, split payment, a payment proven by e-mail. */
  emailLimits: OrderEmailLimits;
  /** Where rate limits count (./shared-limits.ts). */
  limits: LimitStore;
  mail: MailConfig;
  publicUrl: string;
}

/** Lookups by order id and e-mail: five misses a minute from one address, then 429. */
export const LOOKUPS_PER_MINUTE = 5;
/** Checks of any outcome from one address a minute (a customer paying in parts makes a few). */
export const CHECKS_PER_MINUTE = 60;

/** Async: the key of the order access tokens is read (or made, once) from the database. */
export async function createCommerce(deps: { content: Content; database: Database; publicUrl: string; mail: MailConfig; confirm: ConfirmPayment; catalog?: SampleCatalog; kitchen?: KitchenCatalog }): Promise<Commerce> {
  const q = deps.database.q;
  const catalog = deps.catalog ?? loadSampleCatalog(deps.content.dir);
  const rules = {
    shippingMethods: deps.content.shippingMethods ?? [],
    taxRules: deps.content.taxRules ?? [],
    paymentMethods: deps.content.paymentMethods,
  };
  const dealers = deps.content.dealers;
  const mailContext = { mail: deps.mail, publicUrl: deps.publicUrl, dealerName: (id: string) => dealers.find((d) => d.id === id)?.name ?? null };
  const quotes = new QuoteService(q, deps.publicUrl);
  const tokens = new OrderAccessTokens(await serverSecret(q, 'order-access-token'));
  // Shared by every server on PostgreSQL, so a client cannot multiply its tries by the servers.
  const limits = limitStore(deps.database);
  const lookupLimiter = new RateLimiter(LOOKUPS_PER_MINUTE, 60_000, limits, 'order-lookup');
  const emailLimits = new OrderEmailLimits(lookupLimiter, new RateLimiter(CHECKS_PER_MINUTE, 60_000, limits, 'order-email-check'));
  const orders = new Orders({ q, catalog, rules, mail: mailContext, quotes, tokens, emailLimits });
  const payments = new PaymentService(orders, deps.confirm);
  return {
    q,
    content: deps.content,
    catalog,
    kitchen: deps.kitchen ?? deps.content.kitchen,
    orders,
    quotes,
    payments,
    tokens,
    lookupLimiter,
    emailLimits,
    limits,
    mail: deps.mail,
    publicUrl: deps.publicUrl,
  };
}
