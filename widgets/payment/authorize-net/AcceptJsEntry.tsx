/**
 * Authorize.net's client: Accept Hosted by default (./AcceptHostedEntry.tsx, SAQ A), or, when the
 * method chooses Accept.js (SAQ A-EP), our own card fields, tokenised in the
 * browser by Accept.js (loaded from the method's `config.acceptJsUrl`), then the opaque data (never
 * the card) posted to POST /api/payment/authorize-net/process-transaction with the owner's proof;
 * the server charges its own figure. Accept.js's refusals show Authorize.net's words joined (or
 * 'Payment Error'), with the field they concern marked in the catalogue's words.
 */
import { useEffect, useState } from 'react';
import type { RequestBody, ResponseBody } from '../../../schemas/api/endpoint';
import type { authorizeNetTransactionEndpoint } from '../../../schemas/api/payments';
import { CARD_MESSAGES } from '../../../schemas/evaluators/checkout-messages';
import type { CardErrors } from '../CardFields';
import { CardFieldsForm, CardRefusal, type CardCharge } from '../CardFieldsForm';
import { METHOD_NOT_AVAILABLE } from '../payment-failure';
import { paymentProof, requestedAmount } from '../payment-proof';
import type { AcceptedPayment, GatewayEntryProps, PayerDetails, PaymentTarget } from '../payment-types';
import { integrationOf } from '../../../schemas/payment-integrations';
import { AcceptHostedEntry } from './AcceptHostedEntry';
import { ACCEPT_JS_LOAD_FAILED, AcceptJsRefusal, dispatchCard, loadAcceptJs, type AcceptMessage } from './accept-js';


/** Accept.js's E_WC codes that concern one card field. */
const FIELD_OF_CODE: Record<string, [keyof CardErrors, string]> = {
  E_WC_05: ['cardNumber', CARD_MESSAGES.numberInvalid],
  E_WC_06: ['expMonth', CARD_MESSAGES.monthInvalid],
  E_WC_07: ['expYear', CARD_MESSAGES.yearInvalid],
  // An expiry in the past this year: the month is what is wrong (as the server says too).
  E_WC_08: ['expMonth', CARD_MESSAGES.monthInvalid],
  E_WC_15: ['cardCode', CARD_MESSAGES.cvvInvalid],
};

function fieldErrorsOf(messages: AcceptMessage[]): CardErrors {
  const errors: CardErrors = {};
  for (const m of messages) {
    const hit = FIELD_OF_CODE[m.code];
    if (hit) errors[hit[0]] = hit[1];
  }
  return errors;
}

type ProcessAnswer = ResponseBody<typeof authorizeNetTransactionEndpoint, 200>;

/** The payer as Authorize.net's billTo (the route maps our field names to Authorize.net's). */
function billToOf(payer: PayerDetails): Record<string, string> {
  return {
    firstName: payer.firstName,
    lastName: payer.lastName,
    ...(payer.address ?? {}),
    ...(payer.phone ? { phone: payer.phone } : {}),
  };
}

function targetIds(target: PaymentTarget): { orderId: number } | { quoteId: number } {
  return target.kind === 'quote' ? { quoteId: target.quoteId } : { orderId: target.orderId };
}

type Load = 'loading' | 'ready' | 'error';

/** The method's choice: Accept Hosted unless it names Accept.js. */
export function AuthorizeNetEntry(props: GatewayEntryProps) {
  return integrationOf(props.method) === 'accept-js' ? <AcceptJsEntry {...props} /> : <AcceptHostedEntry {...props} />;
}

export function AcceptJsEntry(props: GatewayEntryProps) {
  const { api, method } = props;
  const config = method.config ?? {};
  const url = config.acceptJsUrl;
  const usable = method.configured !== false && Boolean(url && config.clientKey && config.loginId);
  const [load, setLoad] = useState<Load>('loading');

  useEffect(() => {
    if (!usable || !url) return;
    let current = true;
    setLoad('loading');
    loadAcceptJs(url).then(
      () => current && setLoad('ready'),
      () => current && setLoad('error'),
    );
    return () => {
      current = false;
    };
  }, [usable, url]);

  if (!usable) {
    return (
      <p className="sr-error" role="alert">
        {METHOD_NOT_AVAILABLE}
      </p>
    );
  }
  if (load === 'error') {
    return (
      <p className="sr-error" role="alert">
        {ACCEPT_JS_LOAD_FAILED}
      </p>
    );
  }

  const charge: CardCharge = async (target, card) => {
    const accept = await loadAcceptJs(url!);
    let opaque: { dataDescriptor: string; dataValue: string };
    try {
      opaque = await dispatchCard(
        accept,
        { clientKey: config.clientKey!, apiLoginID: config.loginId! },
        { cardNumber: card.cardNumber, month: card.expMonth, year: card.expYear, cardCode: card.cardCode },
      );
    } catch (err) {
      if (err instanceof AcceptJsRefusal) throw new CardRefusal(err.message, fieldErrorsOf(err.messages));
      throw err;
    }
    const proof = paymentProof(target);
    const amount = requestedAmount(target);
    const request: RequestBody<typeof authorizeNetTransactionEndpoint> = {
      ...opaque,
      ...proof.body,
      ...(amount !== undefined ? { amount } : {}),
      additionalData: { email: target.payer.email, billTo: billToOf(target.payer), ...targetIds(target) },
    };
    const answer = await api.send<ProcessAnswer>('POST', '/api/payment/authorize-net/process-transaction', request, proof.headers);
    return {
      kind: 'paid',
      payment: { transactionId: answer.transactionId, method: method.name, gateway: 'authorizenet', status: answer.paymentStatus, amount: answer.transactionResponse?.amount },
    };
  };

  return (
    <>
      {load === 'loading' && (
        <p className="sr-status" role="status">
          Loading secure card entry…
        </p>
      )}
      <CardFieldsForm entry={props} charge={charge} ready={load === 'ready'} note="Your card details go straight to Authorize.net; this store never receives them." />
    </>
  );
}
