/**
 * The cart summary beside the checkout form: the cart's lines and the server's totals
 * (subtotal, shipping, tax only above 0, total), Continue Shopping and Clear Cart. On phones and
 * tablets (the stylesheet decides) it is a slide-in panel opened by a cart-count button, with a
 * sticky header and the item count; Escape closes it and focus stays inside while it is open.
 */
import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import { formatMoney } from '../../schemas/money';
import type { CartTotals } from './use-cart-totals';
import { TotalsList } from './TotalsList';

export interface CartSummaryProps {
  totals: CartTotals | undefined;
  /** Why the cart could not be priced (a sample no longer sold, the server unreachable). */
  error?: string;
  itemCount: number;
  continueShoppingUrl: string;
  onClear(): void;
  open: boolean;
  onOpenChange(open: boolean): void;
  disabled?: boolean;
}

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), [tabindex]:not([tabindex="-1"])';

const itemsText = (n: number) => `${n} ${n === 1 ? 'item' : 'items'}`;

export function CartSummary({ totals, error, itemCount, continueShoppingUrl, onClear, open, onOpenChange, disabled }: CartSummaryProps) {
  const panel = useRef<HTMLElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  const id = useId();

  useEffect(() => {
    if (open) panel.current?.querySelector<HTMLElement>('.sr-checkout__summary-close')?.focus();
    else if (wasOpen.current) toggle.current?.focus();
    wasOpen.current = open;
  }, [open]);

  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    if (!open) return;
    if (e.key === 'Escape') {
      e.preventDefault();
      onOpenChange(false);
      return;
    }
    if (e.key !== 'Tab' || !panel.current) return;
    const focusable = [...panel.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    const active = (panel.current.getRootNode() as Document | ShadowRoot).activeElement;
    if (e.shiftKey && active === first) {
      e.preventDefault();
      last?.focus();
    } else if (!e.shiftKey && active === last) {
      e.preventDefault();
      first?.focus();
    }
  };

  return (
    <>
      <button ref={toggle} type="button" className="sr-checkout__cart-toggle" aria-expanded={open} aria-controls={`${id}-summary`} onClick={() => onOpenChange(true)}>
        <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
          <path d="M3 4h2l2.4 11.2a1 1 0 0 0 1 .8h9.2a1 1 0 0 0 1-.8L20 8H6.2" />
          <circle cx="9" cy="20" r="1.5" />
          <circle cx="17" cy="20" r="1.5" />
        </svg>
        Cart ({itemsText(itemCount)})
      </button>
      {open && <div className="sr-checkout__backdrop" onClick={() => onOpenChange(false)} />}
      <aside
        ref={panel}
        id={`${id}-summary`}
        part="summary"
        className="sr-checkout__summary"
        data-open={open ? '' : undefined}
        aria-labelledby={`${id}-heading`}
        role={open ? 'dialog' : undefined}
        aria-modal={open ? true : undefined}
        onKeyDown={onKeyDown}
      >
        <header className="sr-checkout__summary-header">
          <h2 id={`${id}-heading`}>
            Order summary <span className="sr-checkout__count">({itemsText(itemCount)})</span>
          </h2>
          <button type="button" className="sr-checkout__summary-close" aria-label="Close cart summary" onClick={() => onOpenChange(false)}>
            ×
          </button>
        </header>
        {totals ? (
          <>
            <ul className="sr-checkout__lines">
              {totals.items.map((line) => (
                <li key={line.sku} className="sr-checkout__line">
                  <span>
                    {line.name}
                    <span className="sr-status"> × {line.qty}</span>
                  </span>
                  <span>{formatMoney(line.rowTotal)}</span>
                </li>
              ))}
            </ul>
            <TotalsList totals={totals} />
          </>
        ) : error ? (
          <p className="sr-error" role="alert">
            {error}
          </p>
        ) : (
          <p className="sr-status">Loading cart...</p>
        )}
        <div className="sr-checkout__summary-actions">
          <a className="sr-button sr-button--quiet" href={continueShoppingUrl}>
            Continue Shopping
          </a>
          <button type="button" className="sr-button sr-button--quiet" onClick={onClear} disabled={disabled}>
            Clear Cart
          </button>
        </div>
      </aside>
    </>
  );
}
