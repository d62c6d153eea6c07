/**
 * The smallest money page for the provider clients' browser tests: `<PaymentEntry>` for the method
 * and target the test wrote into #harness-config, the outcome written into #outcome. Bundled by the
 * test with esbuild (preact/compat in place of React, as the site's islands) and served from the
 * shop's own origin under the checkout page's CSP.
 */
import { createRoot } from 'react-dom/client';
import { createApiClient } from '../../widgets/api-client';
import { PaymentEntry } from '../../widgets/payment/PaymentEntry';
import type { OfferedPaymentMethod, PaymentOutcome, PaymentTarget } from '../../widgets/payment/payment-types';

interface HarnessConfig {
  method: OfferedPaymentMethod;
  target: PaymentTarget;
  amountDue: number;
}

const config = JSON.parse(document.getElementById('harness-config')!.textContent!) as HarnessConfig;
const outcomes: PaymentOutcome[] = [];

function report(outcome: PaymentOutcome) {
  outcomes.push(outcome);
  document.getElementById('outcome')!.textContent = JSON.stringify(outcomes);
}

createRoot(document.getElementById('harness')!).render(
  <PaymentEntry
    api={createApiClient(location.origin)}
    method={config.method}
    submitLabel="Place Order"
    prepare={async () => config.target}
    onOutcome={report}
    amountDue={config.amountDue}
    returnUrl={`${location.origin}/payment/verify/${config.method.gateway}`}
  />,
);
