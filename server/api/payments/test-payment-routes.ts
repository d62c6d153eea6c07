/**
 * POST /api/payment/test/charge: the offline test gateway's card charge (test card numbers like
 * Stripe's). A card that needs authentication (4000 0025 0000 3155) is answered like Stripe's
 * requires_action: a 402 with status on_hold and `nextAction: {type: 'redirect_to_url', url}`, the
 * authentication page of ./test-authentication-routes.ts, which returns to the charge's `returnUrl`.
 * A 402, not a 200, so a client that reads only the status code never takes it for paid.
 */
import type Router from '@koa/router';
import { RETURN_ADDRESS_MESSAGES } from '../../../schemas/evaluators/return-address-messages';
import { testChargeEndpoint } from '../../../schemas/api/payments';
import { ApiError } from '../../http/api-error';
import { gatewayNotConfigured } from '../../gateways/gateway-errors';
import { validateCard } from '../../gateways/test-cards';
import { providerIdempotencyKey } from './idempotency';
import { ownerProof } from './owner-proof';
import type { PaymentRouteDeps } from './payment-deps';
import { checkForGateway, currencyOf, metadataOf, PaymentRules, present, requestedAmount as requestedAmountOf } from './payment-input';
import { readJsonObject } from './request-body';
import { reportPayment, toDollars } from './report-payment';
import { checkReturnUrl, DEFAULT_RETURN_PATH, refusedReturnWarner, returnUrlRefused } from './return-url';
import { authenticationUrl, returnOrigins, testAuthenticationRoutes } from './test-authentication-routes';
import { guardedCharge } from './waiting-payments';

export function testPaymentRoutes(router: Router, deps: PaymentRouteDeps): void {
  const warnRefusedReturn = refusedReturnWarner(deps.logger);
  router.post('/api/payment/test/charge', async (ctx) => {
    const body = await readJsonObject(ctx);
    const gateway = deps.gateways.test;
    const { body: request } = checkForGateway(testChargeEndpoint, ctx, body, gateway ? null : () => gatewayNotConfigured('test'));
    if (!gateway) return; // refused above
    // The card's Luhn digit and its expiry against today: beyond a schema.
    const checked = validateCard(request);
    const rules = new PaymentRules();
    if ('fields' in checked) Object.assign(rules.fields, checked.fields);
    const requestedAmount = requestedAmountOf(request.amount);
    const currency = currencyOf(request.currency);
    const metadata = metadataOf(request.metadata, request);
    const origins = returnOrigins(ctx, deps);
    const askedReturn = present(request.returnUrl);
    const returnUrl = checkReturnUrl(askedReturn ?? DEFAULT_RETURN_PATH, origins);
    const returnRefused = askedReturn !== undefined && !returnUrl;
    if (returnRefused) {
      warnRefusedReturn(askedReturn, origins);
      rules.fields.returnUrl = RETURN_ADDRESS_MESSAGES.field;
      // Its own words when it is the only problem: the form the customer filled is fine.
      if (Object.keys(rules.fields).length === 1) throw returnUrlRefused(askedReturn);
    }
    rules.check();
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
