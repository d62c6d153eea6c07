/** <showroom-payment-methods api-base scope>: the offered payment methods, as a radio group. */
import { defineElement, moduleOrigin } from '../define-element';
import { PaymentMethodList, type PaymentMethodListProps } from '../payment-methods/PaymentMethodList';
import { paymentMethodsCss } from '../payment-methods/payment-methods.css';
import { themeCss } from '../theme.css';

function PaymentMethodsElement({ apiBase, scope }: Partial<PaymentMethodListProps>) {
  return (
    <>
      <style>{themeCss + paymentMethodsCss}</style>
      <PaymentMethodList apiBase={apiBase || moduleOrigin} scope={scope || undefined} />
    </>
  );
}

defineElement('showroom-payment-methods', PaymentMethodsElement, { apiBase: 'string', scope: 'string' });
