/** The split-payment page's lookup (001 §2): Order ID and Email, then Fetch Order. */
import { useState } from 'react';
import { validateOrderLookup } from '../../schemas/evaluators/split-amount';

export function OrderLookupForm({ initial, onLookup }: { initial: { orderId?: string; email?: string }; onLookup(lookup: { orderId: string; email: string }): void }) {
  const [orderId, setOrderId] = useState(initial.orderId ?? '');
  const [email, setEmail] = useState(initial.email ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const found = validateOrderLookup({ orderId, email });
    setErrors(found);
    if (Object.keys(found).length === 0) onLookup({ orderId: orderId.trim(), email: email.trim() });
  };

  return (
    <form className="sr-lookup" part="lookup" onSubmit={submit} noValidate aria-label="Find your order">
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
