/**
 * A gateway entry for the checkout's tests against the real in-process store: on submit it calls
 * `prepare()`, then charges the offline test gateway (`POST /api/payment/test/charge`) with the
 * owner's proof, the way the test gateway's card form does, using the card number the test chose.
 * The card form itself (its fields and rules) is the cards room's; this skips only the typing.
 */
import { ApiRequestError } from '../../api-client';
import { paymentProof } from '../../payment/payment-proof';
import type { GatewayEntryProps } from '../../payment/payment-types';

export const serverCharge: { cards: string[] } = { cards: [] };

export function ServerChargeEntry(props: GatewayEntryProps) {
  return (
    <button
      type="button"
      disabled={props.disabled}
      onClick={async () => {
        const target = await props.prepare();
        if (!target) return;
        const proof = paymentProof(target);
        const year = new Date().getFullYear() + 2;
        try {
          const charged = await props.api.send<{ transactionId: string; status: 'completed' | 'pending' | 'on_hold'; transactionResponse?: { amount?: number } }>(
            'POST',
            '/api/payment/test/charge',
            { cardNumber: serverCharge.cards.shift(), expMonth: '12', expYear: String(year), cardCode: '123', ...proof.body },
            proof.headers,
          );
          props.onOutcome({ kind: 'paid', payment: { transactionId: charged.transactionId, method: props.method.name, gateway: 'test', status: charged.status, amount: charged.transactionResponse?.amount } });
        } catch (err) {
          props.onOutcome({ kind: 'failed', message: err instanceof ApiRequestError ? err.message : 'Payment failed' });
        }
      }}
    >
      {props.submitLabel}
    </button>
  );
}
