/**
 * A tiny page for e2e/card-clients.e2e.ts: the money pages' <PaymentEntry> alone, for one method
 * and one payment target the test created through the API. The test bundles this file with
 * esbuild and serves it with page.route(...) on the store's origin, so the card clients talk to
 * the real server exactly as a money page would. Outcomes land in `window.cardTest.outcomes`.
 */
import { createRoot } from 'react-dom/client';
import { createApiClient } from '../../widgets/api-client';
import { PaymentEntry } from '../../widgets/payment/PaymentEntry';
import type { OfferedPaymentMethod, PaymentOutcome, PaymentTarget } from '../../widgets/payment/payment-types';

interface CardTest {
  method: OfferedPaymentMethod;
  target: PaymentTarget;
  returnUrl: string;
  outcomes: PaymentOutcome[];
  prepared: number;
}

declare global {
  interface Window {
    cardTest: CardTest;
  }
}

const test = window.cardTest;
const api = createApiClient(window.location.origin);

createRoot(document.getElementById('root')!).render(
  <PaymentEntry
    api={api}
    method={test.method}
    submitLabel="Place Order"
    returnUrl={test.returnUrl}
    prepare={async () => {
      test.prepared += 1;
      return test.target;
    }}
    onOutcome={(outcome) => test.outcomes.push(outcome)}
  />,
);
