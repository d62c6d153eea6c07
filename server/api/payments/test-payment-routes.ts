/** POST /api/payment/test/charge: the offline test gateway's card charge (test card numbers like Stripe's). */
import type Router from '@koa/router';
import { ApiError } from '../../http/api-error';
import { gatewayNotConfigured } from '../../gateways/gateway-errors';
import { validateCard } from '../../gateways/test-cards';
import { providerIdempotencyKey } from './idempotency';
import { ownerProof } from './owner-proof';
import type { PaymentRouteDeps } from './payment-deps';
import { PaymentInput } from './payment-input';
import { readJsonObject } from './request-body';
import { reportPayment, toDollars } from './report-payment';

export function testPaymentRoutes(router: Router, deps: PaymentRouteDeps): void {
  router.post('/api/payment/test/charge', async (ctx) => {
    const gateway = deps.gateways.test;
    if (!gateway) throw gatewayNotConfigured('test');
    const body = await readJsonObject(ctx);
    const input = new PaymentInput(body);
    const checked = validateCard(body);
    if ('fields' in checked) Object.assign(input.fields, checked.fields);
    const requestedAmount = input.amount();
    const currency = input.currency();
    const metadata = input.metadata();
    input.check();
    if (!('card' in checked)) return;

    const charge = await deps.chargeAmount({ orderId: metadata.orderId, quoteId: metadata.quoteId, requestedAmount, method: 'test', owner: ownerProof(ctx, body) });
    if (currency && currency !== charge.currency) throw new ApiError(400, 'invalid_request', 'Form validation failed. Please check your information.', { currency: `Must be ${charge.currency}` });
    const result = await gateway.charge({
      card: checked.card,
      amountCents: charge.amountCents,
      currency: charge.currency,
      metadata: { ...metadata, ...charge.metadata },
      idempotencyKey: ctx.get('Idempotency-Key') ? providerIdempotencyKey(ctx, 'test', [charge.metadata.orderId ?? charge.metadata.quoteId, charge.amountCents, checked.card.digits]) : undefined,
    });
    await reportPayment(deps, result.payment);

    const { payment } = result;
    const transactionResponse = {
      amount: toDollars(payment.amountCents),
      currency: payment.currency,
      cardBrand: payment.additionalData.cardBrand,
      cardLast4: payment.additionalData.cardLast4,
    };
    if (payment.status !== 'completed') {
      throw new ApiError(402, result.declineCode ?? 'payment_failed', result.message ?? 'Payment failed', undefined, {
        success: false,
        status: payment.status,
        transactionId: payment.transactionId,
        transactionResponse,
      });
    }
    ctx.body = { success: true, status: payment.status, message: 'Payment successful', transactionId: payment.transactionId, transactionResponse, metadata: payment.metadata };
  });
}
