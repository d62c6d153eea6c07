/** The split-payment page's lookup: Order ID and Email, then Fetch Order. */
import { useRef, useState } from 'react';
import { validateOrderLookup } from '../../schemas/evaluators/split-amount';
import { PageField } from '../payment-summary/PageField';

export function OrderLookupForm({ initial, onLookup }: { initial: { orderId?: string; email?: string }; onLookup(lookup: { orderId: string; email: string }): void }) {
  const [orderId, setOrderId] = useState(initial.orderId ?? '');
  const [email, setEmail] = useState(initial.email ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const form = useRef<HTMLFormElement>(null);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const found = validateOrderLookup({ orderId, email });
    setErrors(found);
    const first = Object.keys(found)[0];
    // Keyboard and screen-reader users land on the first field to fix.
    if (first) form.current?.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus();
    else onLookup({ orderId: orderId.trim(), email: email.trim() });
  };

  return (
    <form ref={form} className="sr-lookup" part="lookup" onSubmit={submit} noValidate aria-labelledby="sr-lookup-title">
      <h2 id="sr-lookup-title" className="sr-page-title">
        Find your order
      </h2>
      <p className="sr-hint">Enter your order number and the e-mail address you ordered with to pay toward its balance.</p>
      <PageField id="sr-lookup-order" label="Order ID" error={errors.orderId} name="orderId" value={orderId} autoComplete="off" onChange={(e) => setOrderId(e.currentTarget.value)} />
      <PageField id="sr-lookup-email" label="Email" error={errors.email} name="email" type="email" value={email} autoComplete="email" onChange={(e) => setEmail(e.currentTarget.value)} />
      <button type="submit" className="sr-button">
        Fetch Order
      </button>
    </form>
  );
}
