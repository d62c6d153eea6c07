/** POST /api/payment/authorize-net/process-transaction: Accept.js opaque data charged for the due amount (002 §7). */
import type Router from '@koa/router';
import { ApiError } from '../../http/api-error';
import type { AnetAddress } from '../../gateways/authorize-net-gateway';
import { gatewayNotConfigured } from '../../gateways/gateway-errors';
import { providerIdempotencyKey } from './idempotency';
import { ownerProof } from './owner-proof';
import type { PaymentRouteDeps } from './payment-deps';
import { PaymentInput } from './payment-input';
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

function addressFrom(input: PaymentInput, source: Record<string, unknown> | undefined, label: string): AnetAddress | undefined {
  if (!source) return undefined;
  const out: AnetAddress = {};
  for (const [target, names] of ADDRESS_ALIASES) {
    for (const name of names) {
      const value = input.string(name, { from: source, max: 200, label: `${label}.${name}` });
      if (value) {
        out[target] = target === 'address' && typeof source.street2 === 'string' && source.street2.trim() ? `${value} ${source.street2.trim()}` : value;
        break;
      }
    }
  }
  return out;
}

export function authorizeNetRoutes(router: Router, deps: PaymentRouteDeps): void {
  router.post('/api/payment/authorize-net/process-transaction', async (ctx) => {
    const gateway = deps.gateways.authorizeNet;
    if (!gateway) throw gatewayNotConfigured('authorizenet');
    const input = new PaymentInput(await readJsonObject(ctx));
    const dataDescriptor = input.string('dataDescriptor', { required: true, max: 100, pattern: /^[A-Z0-9._]+$/i });
    const dataValue = input.string('dataValue', { required: true, max: 8192 });
    const requestedAmount = input.amount();
    const currency = input.currency();
    const additional = input.object('additionalData') ?? {};
    const customer = input.object('customer', additional);
    const email =
      input.email('email', additional, 'additionalData.email') ??
      input.email('customerEmail', additional, 'additionalData.customerEmail') ??
      (customer ? input.email('email', customer, 'additionalData.customer.email') : undefined);
    const billTo = addressFrom(input, input.object('billTo', additional), 'additionalData.billTo');
    const shipTo = addressFrom(input, input.object('shipTo', additional), 'additionalData.shipTo');
    const metadata = input.metadata(input.object('metadata') ?? input.object('metadata', additional) ?? additional);
    input.check('Payment Error');

    // Refused with 409 while another payment of the order waits (./waiting-payments.ts).
    const result = await guardedCharge(deps, { orderId: metadata.orderId, quoteId: metadata.quoteId, requestedAmount, method: 'authorizenet', owner: ownerProof(ctx, input.body) }, async (charge) => {
      checkCurrency(currency, charge.currency);
      const taken = await gateway.charge({
        dataDescriptor: dataDescriptor!,
        dataValue: dataValue!,
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
