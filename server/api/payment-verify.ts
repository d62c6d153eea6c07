/**
 * POST /api/payment/{method}/verify: the server asks the gateway about the payment, converts the
 * quote when the metadata has only a quoteId, moves the order to ordered or pending_payment and
 * answers what the result page needs (error, success, status, transactionId, transactionResponse,
 * metadata, and the order).
 *
 * The transaction id travels in the provider's return URL, so it proves nothing: the caller proves
 * it owns the order or quote the payment is for (./payments/owner-proof.ts), or gets 'Order not
 * found.' and nothing is recorded. The order's access token is only given back to a caller who
 * presented the order's own token or the quote's link, never to one who proved it by e-mail.
 */
import type Router from '@koa/router';
import { toDollars } from '../../schemas/money';
import { paymentVerifyEndpoint } from '../../schemas/api/payments';
import { ApiError } from '../http/api-error';
import { checkRequest } from '../http/contract';
import type { Commerce } from '../services/commerce';
import { gatewayFor } from './orders';
import { ownerProof } from './payments/owner-proof';
import { readJsonObject } from './payments/request-body';

export function paymentVerifyRoutes(router: Router, commerce: Commerce): void {
  router.post('/api/payment/:method/verify', async (ctx) => {
    const body = await readJsonObject(ctx);
    const { body: request, params } = checkRequest(paymentVerifyEndpoint, ctx, body);
    const gateway = gatewayFor(commerce, params.method);
    // One of four names, whichever the provider's return address used: a rule of several fields.
    const raw = request.transactionId ?? request.paymentIntentId ?? request.orderId ?? request.token;
    if (raw === undefined) throw new ApiError(400, 'validation_failed', 'The payment to verify is missing.', { transactionId: 'This field is required' });
    const { confirmed, applied, owned } = await commerce.payments.verify(gateway, raw, ownerProof(ctx, body), { method: params.method });
    const order = applied.order;
    // A voided payment (cancelled to pay another way) took nothing: answered like a failed one.
    const failed = confirmed.status === 'failed' || confirmed.status === 'voided';
    ctx.body = {
      error: failed,
      success: !failed,
      status: confirmed.status,
      message: failed ? (typeof confirmed.additionalData?.message === 'string' ? confirmed.additionalData.message : 'Payment failed') : confirmed.status === 'completed' ? 'Payment verified.' : 'Payment pending.',
      transactionId: confirmed.transactionId,
      transactionResponse: { amount: toDollars(confirmed.amountCents), currency: confirmed.currency, status: confirmed.status, ...confirmed.additionalData },
      metadata: {
        orderId: String(order.id),
        orderIncrementId: order.orderIncrementId,
        paymentId: String(applied.paymentId),
        ...(order.quoteId !== null ? { quoteId: String(order.quoteId) } : {}),
      },
      order: owned.by === 'email' ? order : { ...order, accessToken: commerce.tokens.issue(order.id) },
      orderStatus: order.status,
      partialPayment: order.remainingBalance > 0 && order.paidAmount > 0,
      remainingBalance: order.remainingBalance,
      sendConfirmationEmail: applied.sendConfirmationEmail,
      adminEmail: commerce.mail.adminEmails,
    };
  });
}
