/**
 * A payment method's `integration` must be one of its own gateway's: the schema lists every
 * integration, but "stripe-payment-element" on an Authorize.net method would leave the method with
 * no client that can take its payments, and the studio would show the wrong questionnaire.
 */
import { DEFAULT_INTEGRATION, PAYMENT_INTEGRATION_IDS, PAYMENT_INTEGRATIONS } from '../../../schemas/payment-integrations';
import type { PaymentMethodsDefinition } from '../../../schemas/payment-methods.schema';
import type { DefinitionProblem } from '../definition-problem';
import { validFilesOf, type LintInput } from './lint-input';

export function checkPaymentIntegrations(input: LintInput): DefinitionProblem[] {
  const problems: DefinitionProblem[] = [];
  for (const [file, def] of validFilesOf<PaymentMethodsDefinition>(input, 'payment-methods')) {
    def.paymentMethods.forEach((method, m) => {
      if (!method.integration || PAYMENT_INTEGRATIONS[method.integration].gateway === method.gateway) return;
      const own = PAYMENT_INTEGRATION_IDS.filter((id) => PAYMENT_INTEGRATIONS[id].gateway === method.gateway).map((id) => `"${id}"`);
      problems.push({
        file,
        pointer: `/paymentMethods/${m}/integration`,
        message: `is a way of the ${PAYMENT_INTEGRATIONS[method.integration].gateway} gateway, but this method's gateway is ${method.gateway}: write one of ${own.join(', ')} (or leave it out for "${DEFAULT_INTEGRATION[method.gateway]}")`,
      });
    });
  }
  return problems;
}
