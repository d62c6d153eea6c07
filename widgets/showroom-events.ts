/**
 * The events widgets send to the host page: one typed map of every `showroom:*` name and its small
 * payload, and the one helper that dispatches them. They bubble and are composed, so a listener on
 * the host element, on `document` or on `window` hears them from inside the element's shadow root.
 *
 * Prices in payloads are dollars with two decimals, as the API speaks (the server decides them).
 * Names of elements that fire an event are in dist/widgets/custom-elements.json.
 */

/** A price range as the estimator shows it ('$min - $max'). */
export interface PriceRange {
  min: number;
  max: number;
}

/** A sample as the cart stores it. */
export interface CartSample {
  name: string;
  sku: string;
  qty: number;
  finish?: { type: string; value: string };
}

export interface EstimateChangedDetail {
  /** The estimator template's name (`template` attribute). */
  template: string;
  /** The live range, or null while no priced field is filled. */
  range: PriceRange | null;
}

export interface EstimateSubmittedDetail {
  template: string;
  /** The range the server computed and e-mailed (never the browser's own). */
  range: PriceRange;
}

export interface SampleAddedDetail {
  /** The samples this action added. */
  added: CartSample[];
  /** How many samples the cart holds now. */
  count: number;
}

export interface CartChangedDetail {
  items: CartSample[];
  count: number;
}

export interface PaymentMethodSelectedDetail {
  name: string;
}

/** Never card data: the order number, the server's amounts in dollars and the method's name. */
export interface OrderPlacedDetail {
  /** The order number (increment id) the customer sees. */
  orderNumber: string;
  /** The order's total. */
  total: number;
}

export interface PaymentCompletedDetail {
  orderNumber: string;
  /** What this payment took. */
  amount: number;
  method: string;
  /** What is left to pay (split payment); 0 once the order is paid in full. */
  remainingBalance: number;
}

export interface PaymentFailedDetail {
  /** The order number when an order exists (it is kept for a retry). */
  orderNumber?: string;
  method: string;
  /** The message the customer was shown. */
  message: string;
}

/** Every event a Showroom element may fire, by its full name. */
export interface ShowroomEventMap {
  'showroom:estimate-changed': EstimateChangedDetail;
  'showroom:estimate-submitted': EstimateSubmittedDetail;
  'showroom:sample-added': SampleAddedDetail;
  'showroom:cart-changed': CartChangedDetail;
  'showroom:payment-method-selected': PaymentMethodSelectedDetail;
  'showroom:order-placed': OrderPlacedDetail;
  'showroom:payment-completed': PaymentCompletedDetail;
  'showroom:payment-failed': PaymentFailedDetail;
}

export type ShowroomEventName = keyof ShowroomEventMap;

/** The event names and what they mean, for the manifest and the README (kept next to the types). */
export const showroomEventDescriptions: Record<ShowroomEventName, string> = {
  'showroom:estimate-changed': 'The live estimate changed: detail { template, range: { min, max } | null }.',
  'showroom:estimate-submitted': 'The estimate was sent; detail { template, range } holds the range the server computed.',
  'showroom:sample-added': 'Samples were added to the cart: detail { added: [{ name, sku, qty, finish? }], count }.',
  'showroom:cart-changed': 'An element changed the sample cart (added, removed, quantity or cleared): detail { items, count }.',
  'showroom:payment-method-selected': 'The customer chose a payment method: detail { name }.',
  'showroom:order-placed': 'An order was created at checkout: detail { orderNumber, total }.',
  'showroom:payment-completed': 'A payment was taken: detail { orderNumber, amount, method, remainingBalance }; never card data.',
  'showroom:payment-failed': 'A payment was refused or failed: detail { orderNumber?, method, message }; the order is kept for a retry.',
};

/** Dispatches a bubbling, composed `showroom:*` event; false when a listener called preventDefault(). */
export function emitShowroomEvent<K extends ShowroomEventName>(from: EventTarget | null, name: K, detail: ShowroomEventMap[K]): boolean {
  if (!from) return true;
  return from.dispatchEvent(new CustomEvent(name, { detail, bubbles: true, composed: true, cancelable: true }));
}

declare global {
  // Typed listeners on the host page: document.addEventListener('showroom:cart-changed', (e) => e.detail.count).
  interface DocumentEventMap extends ShowroomCustomEventMap {}
  interface HTMLElementEventMap extends ShowroomCustomEventMap {}
  interface WindowEventMap extends ShowroomCustomEventMap {}
}

type ShowroomCustomEventMap = { [K in ShowroomEventName]: CustomEvent<ShowroomEventMap[K]> };
