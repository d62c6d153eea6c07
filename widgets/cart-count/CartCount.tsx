/**
 * <showroom-cart-count>: how many samples the cart holds, for a page's header; a link when `href`
 * is given (the dealer's cart page). It follows every change of the same cart, from any element,
 * island or tab, and reads an expired cart as empty.
 */
import { useCartFor, useCartItems } from '../cart-store/use-sample-cart';

export interface CartCountProps {
  apiBase: string;
  dealer?: string;
  href?: string;
  label?: string;
}

export function CartCount({ apiBase, dealer, href, label = 'Samples' }: CartCountProps) {
  const count = useCartItems(useCartFor(apiBase, dealer)).length;
  const content = (
    <>
      {label} <span part="count" className="sr-count" aria-live="polite">{count}</span>
    </>
  );
  return href ? (
    <a part="link" href={href} aria-label={`${label}: ${count} in your cart`}>
      {content}
    </a>
  ) : (
    <span part="link">{content}</span>
  );
}
