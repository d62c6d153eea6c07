/**
 * POST /api/email/send-email keeps the path of 002 §7 but is not a relay: it only re-queues the
 * server's own confirmation e-mails of a paid order, for a caller holding that order's access token
 * (Authorization: Bearer, or accessToken in the body; data.orderId or orderId names the order).
 * Recipient, cc, subject and body from the request are ignored; anything else gets 403.
 */
import type Router from '@koa/router';
import { ApiError } from '../http/api-error';
import type { Commerce } from '../services/commerce';
import { bodyObject, isRecord } from '../services/request-input';
import { presentedToken, readJson } from './read-json';

export function emailRoutes(router: Router, commerce: Commerce): void {
  router.post('/api/email/send-email', async (ctx) => {
    const body = bodyObject(await readJson(ctx));
    const type = body.type;
    if (type !== 'order-confirmation' && type !== 'order-confirmation-admin' && type !== 'split-payment-confirmation') {
      throw new ApiError(403, 'forbidden', 'This endpoint only re-sends the store\'s own order e-mails.');
    }
    const data = isRecord(body.data) ? body.data : {};
    const raw = data.orderId ?? body.orderId ?? data.id;
    const id = typeof raw === 'string' || typeof raw === 'number' ? await commerce.orders.resolveOrderId(String(raw)) : undefined;
    if (id === undefined || !(await commerce.tokens.verify(id, presentedToken(ctx, body)))) {
      throw new ApiError(403, 'forbidden', 'This endpoint only re-sends the store\'s own order e-mails.');
    }
    const order = await commerce.orders.resendConfirmation(id);
    ctx.body = { success: true, message: 'The confirmation e-mails are queued.', emailSent: order.emailSent };
  });
}
