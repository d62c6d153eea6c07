/** Placeholder until this gateway's client lands: it says so instead of taking a payment. */
import type { GatewayEntryProps } from '../payment-types';

export function AcceptJsEntry({ method }: GatewayEntryProps) {
  return (
    <p className="sr-error" role="alert">
      {method.title} is not available yet.
    </p>
  );
}
