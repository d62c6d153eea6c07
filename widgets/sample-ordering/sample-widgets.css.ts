/** The styles the sample elements share (order-samples, sample-cart, cart-count): one sheet, in the runtime chunk. */
export const sampleWidgetsCss = `
.sr-button { font: inherit; background: var(--sr-accent); color: var(--showroom-on-accent, #fff); border: 0; border-radius: var(--sr-radius); padding: 8px 16px; cursor: pointer; text-decoration: none; display: inline-block; }
.sr-button--quiet { background: transparent; color: var(--sr-accent); border: 1px solid var(--sr-line); }
.sr-success { color: var(--showroom-success, #1f7a3a); }
.sr-samples { border: 1px solid var(--sr-line); border-radius: var(--sr-radius); padding: 12px 16px; }
.sr-samples__heading { margin: 0 0 8px; font-size: 1.05em; }
.sr-samples__items, .sr-cart__items { list-style: none; margin: 0 0 12px; padding: 0; }
.sr-samples__item, .sr-cart__item { display: grid; grid-template-columns: auto auto 1fr auto; gap: 10px; align-items: center; padding: 6px 0; }
.sr-cart__item { grid-template-columns: auto 1fr auto auto auto; }
.sr-samples__item input { accent-color: var(--sr-accent); width: 18px; height: 18px; }
.sr-samples__item img, .sr-cart__item img { border-radius: 4px; object-fit: cover; }
.sr-samples__sku { display: block; color: var(--showroom-muted, #5b625e); font-size: 0.85em; }
.sr-samples__empty-title { font-weight: 600; }
.sr-cart__item input { width: 3.5em; font: inherit; }
.sr-cart__actions { display: flex; gap: 10px; flex-wrap: wrap; }
`;
