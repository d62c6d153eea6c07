/**
 * POST /api/payment/{method}/verify (001 §4 "Payment verify"): the server asks the gateway about the
 * payment, converts the quote when the metadata has only a quoteId, moves the order to ordered or
 * pending_payment and answers what the result page needs. The verify response shape of 001 §3.
 */
import type Router from '@koa/router';
import { toDollars } from '../../schemas/money';
import { ApiError } from '../http/api-error';
import type { Commerce } from '../services/commerce';
import { bodyObject } from '../services/request-input';
import { gatewayFor } from './orders';
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
    const { confirmed, applied } = await commerce.payments.confirmAndApply(gateway, raw, { method: ctx.params.method });
    const order = applied.order;
    const failed = confirmed.status === 'failed';
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
      order: { ...order, accessToken: commerce.tokens.issue(order.id) },
      orderStatus: order.status,
      partialPayment: order.remainingBalance > 0 && order.paidAmount > 0,
      remainingBalance: order.remainingBalance,
      sendConfirmationEmail: applied.sendConfirmationEmail,
      adminEmail: commerce.mail.adminEmails,
    };
  });
}
