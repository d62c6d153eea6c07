/** The payer details a gateway may pass on, from a purchase's billing address (or its customer). */
import type { PayerDetails } from '../payment/payment-types';
import type { PurchaseSummary } from './summary-types';

export function payerOf(purchase: PurchaseSummary): PayerDetails {
  const billing = purchase.addresses.find((a) => a.type === 'billing');
  return {
    email: billing?.email || purchase.email,
    firstName: billing?.firstName || purchase.firstName,
    lastName: billing?.lastName || purchase.lastName,
    phone: billing?.phoneNumber || purchase.phone || undefined,
    address: billing
      ? { street1: billing.street1, street2: billing.street2 || undefined, city: billing.city, state: billing.state, zipCode: billing.zipCode, countryId: billing.countryId }
      : undefined,
  };
}
