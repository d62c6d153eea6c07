/**
 * POST /api/payment/{method}/verify (001 §4 "Payment verify"): the server asks the gateway about the
 * payment, converts the quote when the metadata has only a quoteId, moves the order to ordered or
 * pending_payment and answers what the result page needs. The verify response shape of 001 §3.
 *
 * The transaction id travels in the provider's return URL, so it proves nothing: the caller proves
 * it owns the order or quote the payment is for (./payments/owner-proof.ts), or gets 'Order not
 * found.' and nothing is recorded. The order's access token is only given back to a caller who
 * presented the order's own token or the quote's link, never to one who proved it by e-mail.
 */
import type Router from '@koa/router';
import { toDollars } from '../../schemas/money';
import { ApiError } from '../http/api-error';
import type { Commerce } from '../services/commerce';
import { bodyObject } from '../services/request-input';
import { gatewayFor } from './orders';
import { ownerProof } from './payments/owner-proof';
import { readJson } from './read-json';

const TRANSACTION_ID = /^[A-Za-z0-9_\-:.]{1,200}$/;

export function paymentVerifyRoutes(router: Router, commerce: Commerce): void {
  router.post('/api/payment/:method/verify', async (ctx) => {
    const body = bodyObject(await readJson(ctx));
    const gateway = gatewayFor(commerce, ctx.params.method);
    const raw = body.transactionId ?? body.paymentIntentId ?? body.orderId ?? body.token;
    if (typeof raw !== 'string' || !TRANSACTION_ID.test(raw)) {
      throw new ApiError(400, 'validation_failed', 'The payment to verify is missing.', { transactionId: 'This field is required' });
    }
    const { confirmed, applied, owned } = await commerce.payments.verify(gateway, raw, ownerProof(ctx, body), { method: ctx.params.method });
    const order = applied.order;
    // A voided payment (cancelled to pay another way, issue 17) took nothing: answered like a failed one.
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
