/** The styles the sample elements share (order-samples, sample-cart, cart-count): one sheet, in the runtime chunk. */
export const sampleWidgetsCss = `
.sr-button { font: inherit; font-weight: 600; background: var(--sr-accent); color: var(--showroom-on-accent, #fff); border: 1px solid transparent; border-radius: var(--sr-radius); padding: 8px 16px; min-height: 44px; box-sizing: border-box; cursor: pointer; text-decoration: none; display: inline-flex; align-items: center; justify-content: center; }
.sr-button:disabled { opacity: 0.6; cursor: default; }
.sr-button--quiet { background: transparent; color: var(--sr-accent); border-color: var(--sr-line); }
.sr-success { color: var(--showroom-success, #1f7a3a); }
/* The cart count's link takes the text colour (--showroom-ink), not the browser's link blue, so a dark header sets one property. */
a[part="link"] { color: inherit; }
.sr-samples { border: 1px solid var(--sr-line); border-radius: var(--sr-radius); padding: 12px 16px; }
.sr-samples__heading { margin: 0 0 8px; font-size: 1.05em; }
.sr-samples__items, .sr-cart__items { list-style: none; margin: 0 0 12px; padding: 0; }
.sr-samples__item, .sr-cart__item { display: grid; grid-template-columns: auto auto 1fr auto; gap: 10px; align-items: center; padding: 6px 0; }
/* A cart row in two lines where it is narrow (a phone, a drawer), one line from 560 px of its own width. */
.sr-cart { container-type: inline-size; }
.sr-cart__item { grid-template-columns: 40px minmax(0, 1fr) auto; grid-template-areas: "image name remove" "image qty price"; padding: 10px 0; border-bottom: 1px solid var(--sr-line); }
@container (min-width: 560px) { .sr-cart__item { grid-template-columns: 40px minmax(0, 1fr) auto auto auto; grid-template-areas: "image name qty price remove"; } }
.sr-cart__image { grid-area: image; align-self: start; }
.sr-cart__name { grid-area: name; }
.sr-cart__qty { grid-area: qty; display: inline-flex; align-items: center; gap: 8px; }
.sr-cart__price { grid-area: price; justify-self: end; font-weight: 600; }
.sr-cart__remove { grid-area: remove; }
.sr-samples__item input { accent-color: var(--sr-accent); width: 18px; height: 18px; }
.sr-samples__item img, .sr-cart__item img { border-radius: 4px; object-fit: cover; }
.sr-samples__sku { display: block; color: var(--showroom-muted, #5b625e); font-size: 0.85em; }
.sr-samples__empty-title { font-weight: 600; }
.sr-cart__item input { width: 4em; font: inherit; min-height: 44px; box-sizing: border-box; padding: 6px 8px; border: 1px solid var(--sr-line); border-radius: var(--sr-radius); background: transparent; color: inherit; }
.sr-cart__actions { display: flex; gap: 10px; flex-wrap: wrap; }
`;
