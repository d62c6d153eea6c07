/** The checkout's empty cart, its text and link word for word. */
export const EMPTY_CART_MESSAGE = 'Looks like you have not added anything to your cart. Go ahead & add items to your cart.';

export function EmptyCart({ continueShoppingUrl }: { continueShoppingUrl: string }) {
  return (
    <section part="empty" className="sr-checkout__empty">
      <p>{EMPTY_CART_MESSAGE}</p>
      <a className="sr-button" href={continueShoppingUrl}>
        Continue Shopping
      </a>
    </section>
  );
}
