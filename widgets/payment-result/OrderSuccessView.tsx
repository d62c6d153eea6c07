/**
 * The order success view: icon or image, title, the content
 * with the order number in bold, the split variant's remaining balance, and the actions. The number
 * lives in this browser only (the `order-success` item), so the server renders the frame and the
 * browser fills it: the item is taken (removed as read) and the cart cleared; with no item the
 * customer goes to checkout. Taken once per mount, even under React's strict double effects.
 */
import { useEffect, useRef, useState } from 'react';
import { sampleCart } from '../cart-store/sample-cart';
import { takeOrderSuccess, type OrderSuccess } from '../payment/order-success-store';
import { formatBalance, withOrderNumber } from './order-number-text';
import { ResultActions, type ResultAction } from './result-actions';

export const DEFAULT_SUCCESS_CONTENT = ['Your order {orderId} has been placed. A confirmation e-mail is on its way.'];
export const DEFAULT_PARTIAL_CONTENT = ['Your payment toward order {orderId} was received. Remaining balance: {remainingBalance}.'];

export interface OrderSuccessViewProps {
  title: string;
  /** Paragraphs; `{orderId}` becomes the order number in bold. */
  content?: readonly string[];
  /** The split variant's paragraphs (a payment left a balance); also `{remainingBalance}`. */
  partialContent?: readonly string[];
  image?: { src: string; alt: string; width?: number; height?: number };
  actions?: readonly ResultAction[];
  /** The sample cart to clear (its storage key). */
  cartKey: string;
  checkoutUrl?: string;
  /** The split-payment page a part-paid order's 'Pay the remaining $…' leads to. */
  splitPaymentUrl?: string;
  /** Told the success read (the element fires nothing here: the payment's events came before). */
  onShown?(success: OrderSuccess): void;
  navigate?(url: string): void;
}

/** The words of the link that pays the rest, as the confirmation e-mail says them. */
export function payRemainingText(remainingBalance: number): string {
  return `Pay the remaining ${formatBalance(remainingBalance)}`;
}

function payRestHref(splitPaymentUrl: string, orderId: string, email: string): string {
  const query = new URLSearchParams({ orderId, email });
  return `${splitPaymentUrl}${splitPaymentUrl.includes('?') ? '&' : '?'}${query}`;
}

/** Beside the one thing left to do, the other actions step back. */
function secondary(actions: readonly ResultAction[]): ResultAction[] {
  return actions.map((a) => (a.variant === 'link' ? a : { ...a, variant: 'secondary' }));
}

function CheckIcon() {
  return (
    <svg className="sr-result__icon" viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <circle cx="24" cy="24" r="22" fill="none" stroke="currentColor" strokeWidth="3" />
      <path d="M14 25l7 7 13-15" fill="none" stroke="currentColor" strokeWidth="4" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

export function OrderSuccessView({
  title,
  content = DEFAULT_SUCCESS_CONTENT,
  partialContent = DEFAULT_PARTIAL_CONTENT,
  image,
  actions = [],
  cartKey,
  checkoutUrl = '/checkout',
  splitPaymentUrl = '/order/split-payment',
  onShown,
  navigate = (url) => window.location.replace(url),
}: OrderSuccessViewProps) {
  const taken = useRef(false);
  const [success, setSuccess] = useState<OrderSuccess | null>(null);
  useEffect(() => {
    if (taken.current) return;
    taken.current = true;
    const stored = takeOrderSuccess();
    if (!stored) {
      navigate(checkoutUrl);
      return;
    }
    sampleCart(cartKey).clear();
    setSuccess(stored);
    onShown?.(stored);
    // Once per page load: the item is gone after the first read.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const partial = success?.partialPayment === true && (success.remainingBalance ?? 0) > 0;
  const paragraphs = partial ? partialContent : content;
  return (
    <div className="sr-result sr-result--success">
      {image ? <img className="sr-result__image" src={image.src} alt={image.alt} width={image.width} height={image.height} /> : <CheckIcon />}
      <h1 className="sr-result__title">{title}</h1>
      <div className="sr-result__content" aria-live="polite">
        {success && paragraphs.map((text, i) => <p key={i}>{withOrderNumber(text, success.orderId, success.remainingBalance)}</p>)}
      </div>
      <ResultActions actions={partial && success?.email ? [{ text: payRemainingText(success.remainingBalance ?? 0), path: payRestHref(splitPaymentUrl, success.orderId, success.email) }, ...secondary(actions)] : actions} />
    </div>
  );
}
