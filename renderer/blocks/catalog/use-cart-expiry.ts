/** The site's LOCAL_CART_EXPIRY in hours (site.json constants), or 24 outside a page (tests, widgets). */
import { usePageView } from '../../page-context';
import { LOCAL_CART_EXPIRY_HOURS } from '../../../widgets/cart-store/sample-cart';

export function useCartExpiryHours(): number {
  return usePageView()?.constants?.LOCAL_CART_EXPIRY ?? LOCAL_CART_EXPIRY_HOURS;
}
