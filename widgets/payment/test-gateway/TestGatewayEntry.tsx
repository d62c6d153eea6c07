/**
 * The offline test gateway's client (docs/gateways.md): our own card fields, charged through
 * POST /api/payment/test/charge with the owner's proof. 200 is paid; a 402 with a next action (the
 * card 4000 0025 0000 3155) saves the pending payment and leaves for the store's authentication
 * page, which returns to `returnUrl`, where the verify page finishes; any other 402 is a decline
 * in the server's words.
 */
import { ApiRequestError } from '../../api-client';
import { METHOD_NOT_AVAILABLE } from '../payment-failure';
import { CardFieldsForm, type CardCharge } from '../CardFieldsForm';
import { leavePage } from '../leave-page';
import { paymentProof, requestedAmount } from '../payment-proof';
import type { GatewayEntryProps } from '../payment-types';
import { savePendingPayment } from '../pending-payment';

interface TestChargeAnswer {
  success: true;
  status: 'completed';
  transactionId: string;
  transactionResponse?: { amount?: number };
}

interface NextAction {
  type: 'redirect_to_url';
  url: string;
}

function nextActionOf(err: unknown): NextAction | null {
  if (!(err instanceof ApiRequestError) || err.status !== 402) return null;
  const next = err.details.nextAction as Partial<NextAction> | undefined;
  return next?.type === 'redirect_to_url' && typeof next.url === 'string' ? (next as NextAction) : null;
}

export function TestGatewayEntry(props: GatewayEntryProps) {
  const { api, method, returnUrl } = props;
  // The test gateway is off in production: a method still pointing at it cannot take a payment.
  if (method.configured === false) {
    return (
      <p className="sr-error" role="alert">
        {METHOD_NOT_AVAILABLE}
      </p>
    );
  }

  const charge: CardCharge = async (target, card) => {
    const proof = paymentProof(target);
    const amount = requestedAmount(target);
    try {
      const answer = await api.send<TestChargeAnswer>(
        'POST',
        '/api/payment/test/charge',
        { ...card, ...proof.body, ...(amount !== undefined ? { amount } : {}), returnUrl },
        proof.headers,
      );
      return {
        kind: 'paid',
        payment: { transactionId: answer.transactionId, method: method.name, gateway: 'test', status: 'completed', amount: answer.transactionResponse?.amount },
      };
    } catch (err) {
      const next = nextActionOf(err);
      if (!next) throw err;
      savePendingPayment({ target, method: method.name });
      leavePage(next.url);
      return { kind: 'redirecting' };
    }
  };

  return <CardFieldsForm entry={props} charge={charge} note="Test mode: no real card is charged. Use 4242 4242 4242 4242 with any future expiry and any CVV." />;
}
