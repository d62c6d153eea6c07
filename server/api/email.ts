/**
 * POST /api/email/send-email keeps the original storefront's path but is not a relay: it only
 * re-queues the server's own confirmation e-mails of a paid order, for a caller holding that
 * order's access token (Authorization: Bearer; data.orderId, orderId or data.id names the order).
 * Recipient, cc, subject and body from the request are ignored; anything else gets 403 (the
 * contract's refusals too: schemas/api/forms.ts sendEmailEndpoint).
 */
import type Router from '@koa/router';
import { sendEmailEndpoint } from '../../schemas/api/forms';
import { ApiError } from '../http/api-error';
import { checkRequest } from '../http/contract';
import type { Commerce } from '../services/commerce';
import { presentedToken, readJson } from './read-json';

const forbidden = () => new ApiError(403, sendEmailEndpoint.invalid.error, sendEmailEndpoint.invalid.message);

export function emailRoutes(router: Router, commerce: Commerce): void {
  router.post(sendEmailEndpoint.path, async (ctx) => {
    // Refused by its contract: the same 403 as anything else it does not do (sendEmailEndpoint.invalid).
    const { body } = checkRequest(sendEmailEndpoint, ctx, await readJson(ctx));
    const ref = body.data?.orderId ?? body.orderId ?? body.data?.id;
    const id = ref === undefined ? undefined : await commerce.orders.resolveOrderId(String(ref));
    if (id === undefined || !(await commerce.tokens.verify(id, presentedToken(ctx)))) throw forbidden();
    const order = await commerce.orders.requeueConfirmation(id);
    ctx.body = { success: true, message: 'The confirmation e-mails are queued.', emailSent: order.emailSent };
  });
}
