/**
 * A stand-in for a gateway's browser client in the checkout's jsdom tests: its submit button calls
 * `prepare()` as a real client does, then reports the outcome the test scripted.
 */
import type { GatewayEntryProps, PaymentOutcome, PaymentTarget } from '../../payment/payment-types';

export const fakeGateway: { outcomes: PaymentOutcome[]; targets: PaymentTarget[]; props?: GatewayEntryProps } = { outcomes: [], targets: [] };

export function FakeGatewayEntry(props: GatewayEntryProps) {
  fakeGateway.props = props;
  return (
    <button
      type="button"
      disabled={props.disabled}
      onClick={async () => {
        const target = await props.prepare();
        if (!target) return;
        fakeGateway.targets.push(target);
        props.onOutcome(fakeGateway.outcomes.shift() ?? { kind: 'failed', message: 'No outcome scripted' });
      }}
    >
      {props.submitLabel}
    </button>
  );
}
