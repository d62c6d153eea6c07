/** POST /api/payment/authorize-net/process-transaction: Accept.js opaque data charged for the due amount. */
import type Router from '@koa/router';
import { authorizeNetTransactionEndpoint } from '../../../schemas/api/payments';
import { ApiError } from '../../http/api-error';
import type { AnetAddress } from '../../gateways/authorize-net-gateway';
import { gatewayNotConfigured } from '../../gateways/gateway-errors';
import { providerIdempotencyKey } from './idempotency';
import { ownerProof } from './owner-proof';
import type { PaymentRouteDeps } from './payment-deps';
import { checkForGateway, currencyOf, metadataOf, PaymentRules, present, requestedAmount as requestedAmountOf } from './payment-input';
import { readJsonObject } from './request-body';
import { reportPayment, toDollars } from './report-payment';
import { checkCurrency } from './stripe-routes';
import { guardedCharge } from './waiting-payments';

/** Our address field names (and Authorize.net's own) to Authorize.net's. */
const ADDRESS_ALIASES: Array<[keyof AnetAddress, string[]]> = [
  ['firstName', ['firstName', 'first_name']],
  ['lastName', ['lastName', 'last_name']],
  ['company', ['company']],
  ['address', ['address', 'street1', 'address_1']],
  ['city', ['city']],
  ['state', ['state']],
  ['zip', ['zip', 'zipCode', 'postalCode']],
  ['country', ['country', 'countryId']],
  ['phoneNumber', ['phoneNumber', 'phone']],
];

/** The schema checked every alias as text of at most 200 characters. */
type AddressRequest = { readonly [name: string]: unknown };
const textOf = (value: unknown): string | undefined => (typeof value === 'string' ? present(value) : undefined);

/** The checked address under Authorize.net's names (the first alias given wins; street2 joins the street). */
function addressFrom(source: AddressRequest | undefined): AnetAddress | undefined {
  if (!source) return undefined;
  const out: AnetAddress = {};
  for (const [target, names] of ADDRESS_ALIASES) {
    for (const name of names) {
      const value = textOf(source[name]);
      if (value) {
        const street2 = textOf(source.street2);
        out[target] = target === 'address' && street2 ? `${value} ${street2}` : value;
        break;
      }
    }
  }
  return out;
}

export function authorizeNetRoutes(router: Router, deps: PaymentRouteDeps): void {
  router.post('/api/payment/authorize-net/process-transaction', async (ctx) => {
    const body = await readJsonObject(ctx);
    const gateway = deps.gateways.authorizeNet;
    const { body: request } = checkForGateway(authorizeNetTransactionEndpoint, ctx, body, gateway ? null : () => gatewayNotConfigured('authorizenet'));
    if (!gateway) return; // refused above
    const rules = new PaymentRules();
    const dataDescriptor = request.dataDescriptor.trim();
    const dataValue = request.dataValue.trim();
    const requestedAmount = requestedAmountOf(request.amount);
    const currency = currencyOf(request.currency);
    const additional = request.additionalData ?? {};
    const email =
      rules.email('additionalData.email', additional.email) ??
      rules.email('additionalData.customerEmail', additional.customerEmail) ??
      rules.email('additionalData.customer.email', additional.customer?.email);
    const billTo = addressFrom(additional.billTo);
    const shipTo = addressFrom(additional.shipTo);
    const metadata = metadataOf(request.metadata ?? additional.metadata ?? additional, request);
    rules.check('Payment Error');

    // Refused with 409 while another payment of the order waits (./waiting-payments.ts).
    const result = await guardedCharge(deps, { orderId: metadata.orderId, quoteId: metadata.quoteId, requestedAmount, method: 'authorizenet', owner: ownerProof(ctx, body) }, async (charge) => {
      checkCurrency(currency, charge.currency);
      const taken = await gateway.charge({
        dataDescriptor,
        dataValue,
        amountCents: charge.amountCents,
        metadata: { ...metadata, ...charge.metadata },
        email,
        billTo,
        shipTo,
        refId: providerIdempotencyKey(ctx, 'r', [dataValue]).slice(0, 20),
      });
      await reportPayment(deps, taken.payment);
      return taken;
    });

    const { payment, transactionResponse: tr } = result;
    const transactionResponse = {
      responseCode: tr.responseCode,
      authCode: tr.authCode,
      transId: tr.transId,
      accountNumber: tr.accountNumber,
      accountType: tr.accountType,
      amount: toDollars(payment.amountCents),
    };
    // 1 approved and 4 held for review are taken (the order waits in pending_payment for 4); 2 and 3 are not.
    if (payment.status !== 'completed' && payment.status !== 'on_hold') {
      throw new ApiError(402, 'payment_declined', result.message, undefined, {
        status: 402,
        success: false,
        paymentStatus: payment.status,
        transactionId: payment.transactionId,
        transactionResponse,
      });
    }
    ctx.body = {
      status: 200,
      success: true,
      message: result.message,
      paymentStatus: payment.status,
      transactionId: payment.transactionId,
      transactionResponse,
      metadata: payment.metadata,
    };
  });
}
