/**
 * A stand-in gateway client for the money pages' jsdom tests (vi.mock of payment/gateway-entries):
 * a 'Pay Now' button that runs the page's prepare() and reports the outcome the test set, the way a
 * real client does after taking the payment with the target's proof.
 */
import type { GatewayEntryProps, PaymentOutcome, PaymentTarget } from '../payment/payment-types';

export const fakeGateway = {
  /** What the next payment reports; the target prepare() answered is recorded in `targets`. */
  outcome: { kind: 'paid', payment: { transactionId: 'test_txn_1', method: 'card', gateway: 'test', status: 'completed', amount: 100 } } as PaymentOutcome,
  targets: [] as (PaymentTarget | null)[],
  reset() {
    this.outcome = { kind: 'paid', payment: { transactionId: 'test_txn_1', method: 'card', gateway: 'test', status: 'completed', amount: 100 } };
    this.targets = [];
  },
};

export function FakeGatewayEntry({ submitLabel, prepare, onOutcome, disabled, method }: GatewayEntryProps) {
  const pay = async () => {
    const target = await prepare();
    fakeGateway.targets.push(target);
    if (target) onOutcome(fakeGateway.outcome);
  };
  // PayPal renders its own buttons in place of the page's submit.
  if (method.gateway === 'paypal') return <button type="button" onClick={pay} disabled={disabled}>PayPal</button>;
  return (
    <button type="button" onClick={pay} disabled={disabled}>
      {submitLabel}
    </button>
  );
}

/** The module the tests put in place of gateway-entries.ts. */
export const fakeGatewayEntries = {
  test: async () => FakeGatewayEntry,
  stripe: async () => FakeGatewayEntry,
  paypal: async () => FakeGatewayEntry,
  authorizenet: async () => FakeGatewayEntry,
};
