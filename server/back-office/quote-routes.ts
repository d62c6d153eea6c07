/**
 * The back office's quotes (schemas/api/back-office-quotes.ts): the catalog search, pricing while
 * the operator types, creating a quote, the list and one quote, and issuing or e-mailing its
 * payment link. Viewers read; editors price, create and send. Every change is in the audit log,
 * never with the link's token.
 *
 * Every route asks the gate first (../studio/operator-gate.ts: 401, 403), then its contract, so a
 * caller who is not an operator learns nothing of the request's shape.
 */
import type Router from '@koa/router';
import {
  CATALOG_SEARCH_LIMIT,
  QUOTE_ALREADY_ORDERED,
  catalogSearchEndpoint,
  quoteCreateEndpoint,
  quoteDetailEndpoint,
  quoteEmailEndpoint,
  quoteLinkEndpoint,
  quoteListEndpoint,
  quotePriceEndpoint,
} from '../../schemas/api/back-office-quotes';
import { toDollars } from '../../schemas/money';
import { readJson } from '../api/read-json';
import { ApiError } from '../http/api-error';
import { checkRequest } from '../http/contract';
import { DEFAULT_LINK_DAYS, type QuoteRow } from '../services/quote-service';
import type { CatalogSample, SampleCatalog } from '../services/sample-catalog';
import type { OperatorGate } from '../studio/operator-gate';
import type { StudioDeps } from '../studio/studio-deps';
import { buildQuote } from './quote-builder';
import { emailQuoteLink } from './quote-mail';
import { priceQuote, priceView, pricingAddress, readQuoteLines } from './quote-pricing';
import { listQuotes, quoteDetail, quoteNotFound } from './quote-records';

function catalogLine(item: CatalogSample) {
  return {
    sku: item.sku,
    name: item.name,
    styleName: item.styleName,
    styleTitle: item.styleTitle,
    price: toDollars(item.priceCents),
    weight: item.weight,
    isSample: item.isSample !== false,
    finish: item.finish ?? null,
    finishes: [...(item.finishes ?? [])],
  };
}

/** Lines whose SKU, name or style holds the search; real products (cabinets) before door samples. */
function searchCatalog(catalog: SampleCatalog, search: string, samples: 'include' | 'exclude'): CatalogSample[] {
  const needle = search.trim().toLowerCase();
  const found = catalog
    .all()
    .filter((item) => samples === 'include' || item.isSample === false)
    .filter((item) => !needle || [item.sku, item.name, item.styleTitle].some((t) => t.toLowerCase().includes(needle)));
  return [...found.filter((i) => i.isSample === false), ...found.filter((i) => i.isSample !== false)].slice(0, CATALOG_SEARCH_LIMIT);
}

export function backOfficeQuoteRoutes(api: Router, deps: StudioDeps, gate: OperatorGate): void {
  const { commerce } = deps;
  const q = deps.database.q;
  // The rules the checkout prices by (server/api/cart.ts): the content the commerce services were made with.
  const rules = { shippingMethods: commerce.content.shippingMethods ?? [], taxRules: commerce.content.taxRules ?? [] };

  /** The quote, or 404; 409 once an order was made from it (its link can no longer change). */
  const linkableQuote = async (id: number): Promise<QuoteRow> => {
    const quote = await commerce.quotes.row(id);
    if (!quote) throw quoteNotFound();
    if (quote.order_id !== null) throw new ApiError(409, 'quote_ordered', QUOTE_ALREADY_ORDERED);
    return quote;
  };

  api.get(catalogSearchEndpoint.path, async (ctx) => {
    await gate.require(ctx, 'viewer');
    const { query } = checkRequest(catalogSearchEndpoint, ctx);
    ctx.body = { success: true, data: searchCatalog(commerce.catalog, query.search ?? '', query.samples ?? 'include').map(catalogLine) };
  });

  api.post(quotePriceEndpoint.path, async (ctx) => {
    await gate.require(ctx, 'editor');
    const { body } = checkRequest(quotePriceEndpoint, ctx, await readJson(ctx));
    const lines = readQuoteLines(body.lines, commerce.catalog);
    const price = priceQuote(lines, body.discount ?? null, pricingAddress(body.shippingAddress ?? body.billingAddress), rules);
    ctx.body = { success: true, data: priceView(price) };
  });

  api.post(quoteCreateEndpoint.path, async (ctx) => {
    const operator = await gate.require(ctx, 'editor');
    const { body } = checkRequest(quoteCreateEndpoint, ctx, await readJson(ctx));
    const quote = await buildQuote({ q, quotes: commerce.quotes, catalog: commerce.catalog, rules }, body);
    const link = await commerce.quotes.issueLink(quote.id, body.linkDays ?? DEFAULT_LINK_DAYS);
    await gate.audit(ctx, operator, 'quote.create', `${quote.increment_id} for ${quote.email}, total ${toDollars(quote.total_cents).toFixed(2)}; link valid until ${link.expiresAt}`);
    ctx.status = 201;
    ctx.body = { success: true, data: { quote: await quoteDetail(q, quote.id), link: { url: link.url, expiresAt: link.expiresAt } } };
  });

  api.get(quoteListEndpoint.path, async (ctx) => {
    await gate.require(ctx, 'viewer');
    const { query } = checkRequest(quoteListEndpoint, ctx);
    ctx.body = { success: true, data: await listQuotes(q, { state: query.state, search: query.search, after: query.after === undefined ? undefined : Number(query.after) }) };
  });

  api.get(quoteDetailEndpoint.path, async (ctx) => {
    await gate.require(ctx, 'viewer');
    const { params } = checkRequest(quoteDetailEndpoint, ctx);
    ctx.body = { success: true, data: await quoteDetail(q, Number(params.id)) };
  });

  api.post(quoteLinkEndpoint.path, async (ctx) => {
    const operator = await gate.require(ctx, 'editor');
    const { params, body } = checkRequest(quoteLinkEndpoint, ctx, await readJson(ctx));
    const quote = await linkableQuote(Number(params.id));
    const link = await commerce.quotes.issueLink(quote.id, body.days ?? DEFAULT_LINK_DAYS);
    await gate.audit(ctx, operator, 'quote.link', `${quote.increment_id}: a new link, valid until ${link.expiresAt}`);
    ctx.body = { success: true, data: { url: link.url, expiresAt: link.expiresAt } };
  });

  api.post(quoteEmailEndpoint.path, async (ctx) => {
    const operator = await gate.require(ctx, 'editor');
    const { params, body } = checkRequest(quoteEmailEndpoint, ctx, await readJson(ctx));
    const quote = await linkableQuote(Number(params.id));
    const sent = await emailQuoteLink(q, commerce.quotes, quote, body.days ?? DEFAULT_LINK_DAYS);
    await gate.audit(ctx, operator, 'quote.email', `${quote.increment_id}: a new link e-mailed to ${sent.sentTo}, valid until ${sent.expiresAt}`);
    ctx.body = { success: true, data: sent };
  });
}
