/**
 * Quote endpoints: open by link (id + token), convert to an order after a payment the gateway
 * confirms, and view by the link holder. The link's token is proof of ownership: it travels as
 * `Authorization: Bearer <token>`; only GET /api/quote also reads it from the query, where the
 * quote link sent to the customer carries it.
 */
import type Router from '@koa/router';
import { convertQuoteEndpoint, openQuoteEndpoint, viewQuoteEndpoint } from '../../schemas/api/orders';
import { ApiError } from '../http/api-error';
import { checkRequest } from '../http/contract';
import type { Commerce } from '../services/commerce';
import { QuoteService } from '../services/quote-service';
import { gatewayFor, paymentAttempt } from './orders';
import { ownerProof } from './payments/owner-proof';
import { presentedToken, readJson } from './read-json';

export function quoteRoutes(router: Router, commerce: Commerce): void {
  const { quotes, payments } = commerce;

  router.get('/api/quote', async (ctx) => {
    const { query } = checkRequest(openQuoteEndpoint, ctx);
    const access = await quotes.checkToken(query.quoteId, presentedToken(ctx) ?? query.token);
    ctx.type = 'application/json';
    ctx.body = await quotes.answerJson(access);
  });

  router.get('/api/quote/view/:id', async (ctx) => {
    const { params } = checkRequest(viewQuoteEndpoint, ctx);
    const quote = await quotes.openWithToken(params.id, presentedToken(ctx));
    ctx.body = { success: true, data: QuoteService.view(quote) };
  });

  router.post('/api/quote/convertToOrder', async (ctx) => {
    const { body } = checkRequest(convertQuoteEndpoint, ctx, await readJson(ctx));
    const rawId = body.quoteId;
    // Not in the schema: a wrong id is answered like an unknown quote, with its errorType.
    if (rawId === undefined || !/^\d{1,12}$/.test(String(rawId))) {
      throw new ApiError(400, 'quoteNotExist', 'Quote not found.', { quoteId: 'Quote ID is required' }, { errorType: 'quoteNotExist' });
    }
    // The link's token, valid and unexpired; an unknown id and a wrong token get the same answer.
    const owned = await payments.authorize({ quoteId: String(rawId) }, ownerProof(ctx, body));
    const attempt = paymentAttempt(body);
    if (!attempt) throw new ApiError(400, 'validation_failed', 'Please select a payment method', { payment: 'Please select a payment method' });
    const gateway = gatewayFor(commerce, attempt.method ?? body.payment?.method);
    const { confirmed, applied } = await payments.confirmAndApply(gateway, attempt.transactionId, owned, { method: String(attempt.method ?? '') });
    if (confirmed.status === 'failed') {
      const reason = typeof confirmed.additionalData?.message === 'string' ? confirmed.additionalData.message : 'Error while handling Payment';
      throw new ApiError(402, 'payment_failed', reason, undefined, { order: applied.order });
    }
    ctx.body = {
      success: true,
      message: 'Order created successfully.',
      order: { ...applied.order, accessToken: commerce.tokens.issue(applied.order.id) },
      adminEmail: commerce.mail.adminEmails,
      sendConfirmationEmail: applied.sendConfirmationEmail,
    };
  });
}
