/** The split-payment page's lookup (001 §2): Order ID and Email, then Fetch Order. */
import { useRef, useState } from 'react';
import { validateOrderLookup } from '../../schemas/evaluators/split-amount';

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
      <div className="sr-field">
        <label htmlFor="sr-lookup-order">Order ID</label>
        <input
          id="sr-lookup-order"
          name="orderId"
          value={orderId}
          autoComplete="off"
          aria-invalid={errors.orderId ? true : undefined}
          aria-describedby={errors.orderId ? 'sr-lookup-order-error' : undefined}
          onChange={(e) => setOrderId(e.currentTarget.value)}
        />
        {errors.orderId && (
          <span id="sr-lookup-order-error" className="sr-error">
            {errors.orderId}
          </span>
        )}
      </div>
      <div className="sr-field">
        <label htmlFor="sr-lookup-email">Email</label>
        <input
          id="sr-lookup-email"
          name="email"
          type="email"
          value={email}
          autoComplete="email"
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={errors.email ? 'sr-lookup-email-error' : undefined}
          onChange={(e) => setEmail(e.currentTarget.value)}
        />
        {errors.email && (
          <span id="sr-lookup-email-error" className="sr-error">
            {errors.email}
          </span>
        )}
      </div>
      <button type="submit" className="sr-button">
        Fetch Order
      </button>
    </form>
  );
}
