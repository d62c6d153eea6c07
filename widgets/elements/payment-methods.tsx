/** <showroom-payment-methods api-base dealer scope>: the offered payment methods, as a radio group. */
import { defineShowroomElement, type ShowroomElementContext } from '../element-base/define-showroom-element';
import { PaymentMethodList } from '../payment-methods/PaymentMethodList';
import { paymentMethodsCss } from '../payment-methods/payment-methods.css';
import { paymentMethodsSpec } from '../payment-methods/payment-methods.spec';

function PaymentMethodsElement({ api, scope }: ShowroomElementContext & { scope?: string }) {
  return <PaymentMethodList api={api} scope={scope} />;
}

defineShowroomElement(paymentMethodsSpec, PaymentMethodsElement, paymentMethodsCss);
