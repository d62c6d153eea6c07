/**
 * The back office's quotes (schemas/api/back-office-quotes.ts): the catalog search, pricing while
 * the operator types, creating a quote (sent, or a draft), opening a draft in the builder again,
 * changing and sending it, reading a cabinet list from a CSV, the list and one quote, its PDF, and
 * issuing or e-mailing its payment link. Viewers read; editors price, create, reopen and send; a
 * free line and a discount above the store's limit need a publisher. Every change is in the audit
 * log, naming what needed a publisher, never with the link's token.
 *
 * Every route asks the gate first (../studio/operator-gate.ts: 401, 403), then its contract, so a
 * caller who is not an operator learns nothing of the request's shape.
 */
import type Router from '@koa/router';
import {
  cabinetStylesEndpoint,
  QUOTE_ALREADY_ORDERED,
  QUOTE_IS_DRAFT,
  catalogSearchEndpoint,
  quoteCreateEndpoint,
  quoteDetailEndpoint,
  quoteDraftEndpoint,
  quoteEmailEndpoint,
  quoteImportEndpoint,
  quoteLinkEndpoint,
  quoteListEndpoint,
  quotePdfEndpoint,
  quotePriceEndpoint,
  quoteUpdateEndpoint,
} from '../../schemas/api/back-office-quotes';
import { formatMoney, toDollars } from '../../schemas/money';
import { readJson } from '../api/read-json';
import { ApiError } from '../http/api-error';
import { checkRequest } from '../http/contract';
import { quotePdfName, renderQuotePdf } from '../services/quote-pdf';
import { DEFAULT_LINK_DAYS, QuoteService, type QuoteRow } from '../services/quote-service';
import type { OperatorGate, SignedInOperator } from '../studio/operator-gate';
import type { StudioDeps } from '../studio/studio-deps';
import { cabinetStyles, importCabinetList } from './cabinet-list-import';
import { searchCatalog } from './catalog-search';
import { buildQuote, builderDepsOf, priceRequest, updateDraft, type BuiltQuote, type QuoteBuilderDeps } from './quote-builder';
import { emailQuoteLink } from './quote-mail';
import { discountPercent, priceView } from './quote-pricing';
import { draftForBuilder, listQuotes, quoteDetail, quoteNotFound } from './quote-records';

/** The deps of the builder for this app: the catalogs and content the commerce services were made with. */
export function quoteBuilderDeps(deps: Pick<StudioDeps, 'commerce' | 'database'>): QuoteBuilderDeps {
  const { commerce } = deps;
  return builderDepsOf({ q: deps.database.q, quotes: commerce.quotes, content: commerce.content, samples: commerce.catalog, kitchen: commerce.kitchen });
}

/** What the audit says of a saved quote: its number, customer, total, and what needed a publisher. */
function savedWords(built: BuiltQuote, link: { expiresAt: string } | null): string {
  const q = built.quote;
  const parts = [`${q.increment_id}${q.email ? ` for ${q.email}` : ''}, total ${formatMoney(toDollars(q.total_cents))}`];
  if (q.discount_cents) parts.push(`discount ${formatMoney(toDollars(q.discount_cents))} (${discountPercent(q.discount_cents, q.subtotal_cents)} % of the subtotal)`);
  parts.push(...built.approvals);
  parts.push(link ? `link valid until ${link.expiresAt}` : 'saved as a draft');
  return parts.join('; ');
}

export function backOfficeQuoteRoutes(api: Router, deps: StudioDeps, gate: OperatorGate): void {
  const { commerce } = deps;
  const q = deps.database.q;
  const builder = quoteBuilderDeps(deps);

  /** The quote, or 404; 409 once an order was made from it (its link can no longer change), or while it is a draft. */
  const linkableQuote = async (id: number): Promise<QuoteRow> => {
    const quote = await commerce.quotes.row(id);
    if (!quote) throw quoteNotFound();
    if (quote.order_id !== null) throw new ApiError(409, 'quote_ordered', QUOTE_ALREADY_ORDERED);
    if (quote.status === 'draft') throw new ApiError(409, 'quote_draft', QUOTE_IS_DRAFT);
    return quote;
  };

  /** The answer to a saved quote: its detail, and the link when it was sent. */
  const saved = async (ctx: Parameters<Parameters<Router['get']>[1]>[0], operator: SignedInOperator, action: string, built: BuiltQuote, linkDays: number | undefined) => {
    const link = built.quote.status === 'draft' ? null : await commerce.quotes.issueLink(built.quote.id, linkDays ?? DEFAULT_LINK_DAYS);
    await gate.audit(ctx, operator, action, savedWords(built, link));
    return { success: true, data: { quote: await quoteDetail(q, built.quote.id), link: link && { url: link.url, expiresAt: link.expiresAt } } };
  };

  api.get(catalogSearchEndpoint.path, async (ctx) => {
    await gate.require(ctx, 'viewer');
    const { query } = checkRequest(catalogSearchEndpoint, ctx);
    ctx.body = { success: true, data: searchCatalog(builder.catalog, query.search ?? '', query.samples ?? 'include') };
  });

  api.get(cabinetStylesEndpoint.path, async (ctx) => {
    await gate.require(ctx, 'viewer');
    checkRequest(cabinetStylesEndpoint, ctx);
    ctx.body = { success: true, data: cabinetStyles(builder.catalog.kitchen) };
  });

  api.post(quotePriceEndpoint.path, async (ctx) => {
    await gate.require(ctx, 'editor');
    const { body } = checkRequest(quotePriceEndpoint, ctx, await readJson(ctx));
    // Priced as a publisher would see it: the builder shows whether sending needs one, it is not refused here.
    const { price, approval } = priceRequest(builder, body, { role: 'publisher' });
    ctx.body = { success: true, data: priceView(price, approval) };
  });

  api.post(quoteCreateEndpoint.path, async (ctx) => {
    const operator = await gate.require(ctx, 'editor');
    const { body } = checkRequest(quoteCreateEndpoint, ctx, await readJson(ctx));
    const built = await buildQuote(builder, body, operator);
    ctx.status = 201;
    ctx.body = await saved(ctx, operator, body.draft === true ? 'quote.draft' : 'quote.create', built, body.linkDays);
  });

  api.put(quoteUpdateEndpoint.path, async (ctx) => {
    const operator = await gate.require(ctx, 'editor');
    const { params, body } = checkRequest(quoteUpdateEndpoint, ctx, await readJson(ctx));
    const current = await commerce.quotes.row(Number(params.id));
    if (!current) throw quoteNotFound();
    // The revision says which save the change was made on; the stored body is the change alone.
    const { revision, ...input } = body;
    const built = await updateDraft(builder, current.id, input, operator, current, revision);
    ctx.body = await saved(ctx, operator, input.draft === true ? 'quote.draft' : 'quote.send', built, input.linkDays);
  });

  api.get(quoteDraftEndpoint.path, async (ctx) => {
    await gate.require(ctx, 'editor');
    const { params } = checkRequest(quoteDraftEndpoint, ctx);
    const quote = await commerce.quotes.row(Number(params.id));
    if (!quote) throw quoteNotFound();
    ctx.body = { success: true, data: draftForBuilder(quote, builder.catalog) };
  });

  api.post(quoteImportEndpoint.path, async (ctx) => {
    await gate.require(ctx, 'editor');
    const { body } = checkRequest(quoteImportEndpoint, ctx, await readJson(ctx));
    ctx.body = { success: true, data: importCabinetList(builder.catalog, body) };
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

  api.get(quotePdfEndpoint.path, async (ctx) => {
    await gate.require(ctx, 'viewer');
    const { params, query } = checkRequest(quotePdfEndpoint, ctx);
    const quote = await commerce.quotes.row(Number(params.id));
    if (!quote) throw quoteNotFound();
    const view = QuoteService.view(quote);
    const draft = quote.status === 'draft';
    // The full link only for the caller who shows its live token (the store keeps its hash alone).
    const paymentLink = !draft && query.token ? await commerce.quotes.checkToken(String(quote.id), query.token).then(() => commerce.quotes.linkUrl(quote.id, query.token!), () => null) : null;
    ctx.type = 'application/pdf';
    ctx.set('Content-Disposition', `attachment; filename="${quotePdfName(view, draft)}"`);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = renderQuotePdf({ view, storeName: commerce.content.settings.siteName, contact: commerce.content.settings.contact, paymentLink, draft });
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
