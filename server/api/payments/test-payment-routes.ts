/**
 * POST /api/payment/test/charge: the offline test gateway's card charge (test card numbers like
 * Stripe's). A card that needs authentication (4000 0025 0000 3155) is answered like Stripe's
 * requires_action: a 402 with status on_hold and `nextAction: {type: 'redirect_to_url', url}`, the
 * authentication page of ./test-authentication-routes.ts, which returns to the charge's `returnUrl`.
 * A 402, not a 200, so a client that reads only the status code never takes it for paid.
 */
import type Router from '@koa/router';
import { RETURN_ADDRESS_MESSAGES } from '../../../schemas/evaluators/return-address-messages';
import { ApiError } from '../../http/api-error';
import { gatewayNotConfigured } from '../../gateways/gateway-errors';
import { validateCard } from '../../gateways/test-cards';
import { providerIdempotencyKey } from './idempotency';
import { ownerProof } from './owner-proof';
import type { PaymentRouteDeps } from './payment-deps';
import { PaymentInput } from './payment-input';
import { readJsonObject } from './request-body';
import { reportPayment, toDollars } from './report-payment';
import { checkReturnUrl, DEFAULT_RETURN_PATH, refusedReturnWarner, returnUrlRefused } from './return-url';
import { authenticationUrl, returnOrigins, testAuthenticationRoutes } from './test-authentication-routes';
import { guardedCharge } from './waiting-payments';

export function testPaymentRoutes(router: Router, deps: PaymentRouteDeps): void {
  const warnRefusedReturn = refusedReturnWarner(deps.logger);
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
    const origins = returnOrigins(ctx, deps);
    const askedReturn = input.string('returnUrl', { max: 2000 });
    const returnUrl = checkReturnUrl(askedReturn ?? DEFAULT_RETURN_PATH, origins);
    const returnRefused = askedReturn !== undefined && !returnUrl;
    if (returnRefused) {
      warnRefusedReturn(askedReturn, origins);
      input.fields.returnUrl = RETURN_ADDRESS_MESSAGES.field;
      // Its own words when it is the only problem: the form the customer filled is fine.
      if (Object.keys(input.fields).length === 1) throw returnUrlRefused(askedReturn);
    }
    input.check();
    if (!('card' in checked)) return;

    // Refused with 409 while another payment of the order waits for its bank (./waiting-payments.ts).
    const result = await guardedCharge(deps, { orderId: metadata.orderId, quoteId: metadata.quoteId, requestedAmount, method: 'test', owner: ownerProof(ctx, body) }, async (charge) => {
      if (currency && currency !== charge.currency) throw new ApiError(400, 'invalid_request', 'Form validation failed. Please check your information.', { currency: `Must be ${charge.currency}` });
      const taken = await gateway.charge({
        card: checked.card,
        amountCents: charge.amountCents,
        currency: charge.currency,
        metadata: { ...metadata, ...charge.metadata },
        idempotencyKey: ctx.get('Idempotency-Key') ? providerIdempotencyKey(ctx, 'test', [charge.metadata.orderId ?? charge.metadata.quoteId, charge.amountCents, checked.card.digits]) : undefined,
      });
      await reportPayment(deps, taken.payment);
      return taken;
    });

    const { payment } = result;
    const transactionResponse = {
      amount: toDollars(payment.amountCents),
      currency: payment.currency,
      cardBrand: payment.additionalData.cardBrand,
      cardLast4: payment.additionalData.cardLast4,
    };
    if (payment.status === 'on_hold') {
      const { secret } = await gateway.authentication.begin(payment.transactionId, returnUrl!);
      throw new ApiError(402, result.declineCode ?? 'authentication_required', result.message ?? 'Additional authentication required', undefined, {
        success: false,
        status: payment.status,
        transactionId: payment.transactionId,
        transactionResponse,
        nextAction: { type: 'redirect_to_url', url: authenticationUrl(ctx, deps, payment.transactionId, secret) },
      });
    }
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
  testAuthenticationRoutes(router, deps, warnRefusedReturn);
}
