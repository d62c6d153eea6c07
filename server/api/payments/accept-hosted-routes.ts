/**
 * Authorize.net Accept Hosted, the store's SAQ A way with Authorize.net: the customer types the card
 * on Authorize.net's own page, never on the store's.
 *
 * POST /api/payment/authorize-net/hosted-page: a form token for the amount the server decides (the
 * browser's amount may only ask for less, a split payment), tied to the order by its invoice number
 * and our metadata; the browser POSTs it to Authorize.net's form.
 * With `display: 'iframe'` the token also names the store's iframe communicator, and the page shows
 * the form in a frame instead of leaving.
 * POST /api/payment/authorize-net/hosted-return: Authorize.net sends the customer back with nothing
 * in the address, so the server lists the transactions with the order's invoice number, reads each
 * (getTransactionDetails) and records those whose metadata names this order or quote through the
 * one payment recorder, which is idempotent by transaction: a second return pays nothing more. The
 * form in a frame names its transaction (transactResponse, relayed by the communicator): that one
 * is read and checked the same way, so a transId of another order, or one made up, records nothing.
 */
import crypto from 'node:crypto';
import type Router from '@koa/router';
import { RETURN_ADDRESS_MESSAGES } from '../../../schemas/evaluators/return-address-messages';
import { authorizeNetHostedPageEndpoint, authorizeNetHostedReturnEndpoint } from '../../../schemas/api/payments';
import { ApiError } from '../../http/api-error';
import { invoiceNumberOf } from '../../gateways/authorize-net-gateway';
import type { ConfirmedPayment, PaymentMetadata } from '../../gateways/gateway';
import { hostedFormUrlOf } from '../../gateways/gateway-config';
import { gatewayNotConfigured } from '../../gateways/gateway-errors';
import { ownerProof } from './owner-proof';
import type { PaymentRouteDeps } from './payment-deps';
import { checkForGateway, currencyOf, metadataOf, PaymentRules, present, requestedAmount as requestedAmountOf } from './payment-input';
import { readJsonObject } from './request-body';
import { toDollars } from './report-payment';
import { checkReturnUrl, refusedReturnWarner } from './return-url';
import { checkCurrency } from './stripe-routes';
import { returnOrigins } from './test-authentication-routes';
import { ACCEPT_HOSTED_COMMUNICATOR_PATH } from '../../payment-pages/accept-hosted-communicator';

/** The store's verify page, marked as Accept Hosted's return (widgets/payment-result/complete-redirected-payment.ts). */
export const ACCEPT_HOSTED_RETURN_PATH = '/payment/verify/authorizenet?return=accept-hosted';

export const NO_HOSTED_PAYMENT_MESSAGE = 'No Authorize.net payment was found for this order. If you paid, it will show here within a few minutes.';

/** Whether a transaction's own metadata (its userFields) names what the caller proved it owns. */
function paysFor(payment: ConfirmedPayment, owned: PaymentMetadata): boolean {
  const m = payment.metadata;
  return (m.orderId !== undefined && m.orderId === owned.orderId) || (m.quoteId !== undefined && m.quoteId === owned.quoteId);
}

export function acceptHostedRoutes(router: Router, deps: PaymentRouteDeps): void {
  const warnRefusedReturn = refusedReturnWarner(deps.logger);

  router.post('/api/payment/authorize-net/hosted-page', async (ctx) => {
    const body = await readJsonObject(ctx);
    const gateway = deps.gateways.authorizeNet;
    const { body: request } = checkForGateway(authorizeNetHostedPageEndpoint, ctx, body, gateway ? null : () => gatewayNotConfigured('authorizenet'));
    if (!gateway) return; // refused above
    const rules = new PaymentRules();
    const origins = returnOrigins(ctx, deps);
    const addresses: Record<'returnUrl' | 'cancelUrl', string | undefined> = { returnUrl: undefined, cancelUrl: undefined };
    for (const field of ['returnUrl', 'cancelUrl'] as const) {
      const asked = present(request[field]);
      // Cancel goes back to the page that asked when it is the store's, else to the result page.
      const fallback = (field === 'cancelUrl' && checkReturnUrl(ctx.get('Referer'), origins)) || checkReturnUrl(ACCEPT_HOSTED_RETURN_PATH, origins);
      addresses[field] = asked === undefined ? fallback : checkReturnUrl(asked, origins);
      if (asked !== undefined && !addresses[field]) {
        warnRefusedReturn(asked, origins);
        rules.fields[field] = RETURN_ADDRESS_MESSAGES.field;
      }
    }
    rules.check('Payment Error');
    const metadata = metadataOf(request.metadata, request);
    const charge = await deps.chargeAmount({
      orderId: metadata.orderId,
      quoteId: metadata.quoteId,
      requestedAmount: requestedAmountOf(request.amount),
      method: 'authorizenet',
      owner: ownerProof(ctx, body),
    });
    checkCurrency(currencyOf(request.currency), charge.currency);
    const paid = { ...metadata, ...charge.metadata };
    const token = await gateway.hostedPaymentPage({
      amountCents: charge.amountCents,
      metadata: paid,
      // Only echoed by Authorize.net (it keeps no idempotency key): a label for the seller's reports.
      refId: crypto.randomUUID().replace(/-/g, '').slice(0, 20),
      returnUrl: addresses.returnUrl!,
      cancelUrl: addresses.cancelUrl!,
      // The communicator must be of the payment page's origin: the store's own pages show the frame.
      ...(request.display === 'iframe' ? { iframeCommunicatorUrl: checkReturnUrl(ACCEPT_HOSTED_COMMUNICATOR_PATH, origins)! } : {}),
    });
    ctx.body = { success: true, token, formUrl: hostedFormUrlOf(gateway.config), amount: toDollars(charge.amountCents) };
  });

  router.post('/api/payment/authorize-net/hosted-return', async (ctx) => {
    const body = await readJsonObject(ctx);
    const gateway = deps.gateways.authorizeNet;
    const { body: request } = checkForGateway(authorizeNetHostedReturnEndpoint, ctx, body, gateway ? null : () => gatewayNotConfigured('authorizenet'));
    if (!gateway) return; // refused above
    const metadata = metadataOf(request.metadata, request);
    // Only the owner hears anything; the answer's metadata names the order's invoice number.
    const owned = (await deps.chargeAmount({ orderId: metadata.orderId, quoteId: metadata.quoteId, method: 'authorizenet', owner: ownerProof(ctx, body), purpose: 'check-owner' })).metadata;
    // A quote's payment carries the quote's number; once it made the order, the order's is known too.
    const invoiceNumbers = [invoiceNumberOf(owned), owned.quoteIncrementId?.slice(0, 20)].filter((n): n is string => !!n);
    const named = present(request.transactionId);
    const candidates = named !== undefined ? [named] : invoiceNumbers.length ? await gateway.unsettledTransactionIds(invoiceNumbers) : [];
    const found: ConfirmedPayment[] = [];
    for (const transId of candidates) {
      const payment = await gateway.confirm(transId);
      // The invoice number is only a label the seller may reuse: the transaction's own metadata must name this order or quote.
      if (!paysFor(payment, owned)) continue;
      // Recorded idempotently by transId: a second return, or the webhook beside it, adds nothing.
      await deps.onConfirmedPayment(payment);
      found.push(payment);
    }
    const taken = found.find((p) => p.status === 'completed' || p.status === 'on_hold') ?? found[0];
    if (!taken) throw new ApiError(404, 'payment_not_found', NO_HOSTED_PAYMENT_MESSAGE);
    ctx.body = { success: taken.status === 'completed' || taken.status === 'on_hold', transactionId: taken.transactionId, status: taken.status, amount: toDollars(taken.amountCents) };
  });
}
