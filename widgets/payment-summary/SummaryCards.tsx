/**
 * The four cards above a purchase's item table: customer, billing address, shipping address
 * and shipping method. Presentational and SSR-safe: props in, markup out.
 */
import type { PurchaseSummary, SummaryAddress } from './summary-types';

function Card({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="sr-summary-card" part="summary-card" aria-label={title}>
      <h3 className="sr-summary-card__title">{title}</h3>
      {children}
    </section>
  );
}

export function AddressLines({ address }: { address: SummaryAddress | undefined }) {
  if (!address) return <p className="sr-status">Not provided</p>;
  const street = [address.street1, address.street2].filter(Boolean).join(', ');
  return (
    <address className="sr-summary-address">
      <span>
        {address.firstName} {address.lastName}
      </span>
      <span>{street}</span>
      <span>
        {address.city}, {address.state} {address.zipCode}
      </span>
      <span>{address.countryId}</span>
      {address.phoneNumber && <span>{address.phoneNumber}</span>}
    </address>
  );
}

export function SummaryCards({ purchase }: { purchase: PurchaseSummary }) {
  const billing = purchase.addresses.find((a) => a.type === 'billing');
  const shipping = purchase.addresses.find((a) => a.type === 'shipping');
  return (
    <div className="sr-summary-cards">
      <Card title="Customer">
        <p className="sr-summary-lines">
          <span>
            {purchase.firstName} {purchase.lastName}
          </span>
          <span>{purchase.email}</span>
          {purchase.phone && <span>{purchase.phone}</span>}
        </p>
      </Card>
      <Card title="Billing address">
        <AddressLines address={billing} />
      </Card>
      <Card title="Shipping address">
        <AddressLines address={shipping} />
      </Card>
      <Card title="Shipping method">
        <p className="sr-summary-lines">
          <span>{purchase.shippingLabel || purchase.shippingMethod || 'Not provided'}</span>
        </p>
      </Card>
    </div>
  );
}
