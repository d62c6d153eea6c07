/**
 * The checkout's sheet (the element adopts it; the block writes it in its frame): one column with
 * large touch targets on a 390 px phone, the cart summary as a slide-in panel below 1024 px, and
 * the form beside the summary on a desktop.
 */
export const checkoutCss = `
.sr-button { font: inherit; background: var(--sr-accent); color: var(--showroom-on-accent, #fff); border: 0; border-radius: var(--sr-radius); padding: 12px 18px; min-height: 44px; cursor: pointer; text-decoration: none; display: inline-flex; align-items: center; justify-content: center; }
.sr-button--quiet { background: transparent; color: var(--sr-accent); border: 1px solid var(--sr-line); }
.sr-button:disabled { opacity: 0.6; cursor: not-allowed; }
.sr-checkout { display: grid; gap: 24px; grid-template-columns: minmax(0, 1fr); }
.sr-checkout__form h2 { margin: 0 0 12px; }
.sr-checkout__group { border: 1px solid var(--sr-line); border-radius: var(--sr-radius); padding: 12px 16px; margin: 0 0 16px; min-width: 0; }
.sr-checkout__group legend { font-weight: 600; padding: 0 4px; }
.sr-checkout__fields { display: grid; gap: 12px; grid-template-columns: minmax(0, 1fr); }
.sr-field { display: flex; flex-direction: column; gap: 4px; }
.sr-field label { font-weight: 500; }
.sr-field input, .sr-field select { font: inherit; min-height: 44px; padding: 8px 10px; border: 1px solid var(--showroom-field-line, #8a8f8c); border-radius: var(--sr-radius); background: #fff; color: inherit; box-sizing: border-box; width: 100%; }
.sr-field input:disabled { background: #f3f1ec; }
.sr-field [aria-invalid="true"] { border-color: var(--showroom-danger, #b42318); }
.sr-field__error { margin: 0; font-size: 0.9em; }
.sr-field__optional { color: var(--showroom-muted, #5b625e); font-weight: 400; }
.sr-checkout__same { display: flex; gap: 10px; align-items: center; min-height: 44px; margin: 0 0 16px; }
.sr-checkout__same input { width: 22px; height: 22px; accent-color: var(--sr-accent); }
.sr-checkout__shipping, .sr-checkout__payment { margin: 0 0 16px; }
.sr-checkout__shipping h3 { margin: 0 0 6px; font-size: 1.05em; }
.sr-checkout__alert { border: 1px solid currentColor; border-radius: var(--sr-radius); padding: 8px 12px; }
.sr-checkout__payment .sr-payment-methods { margin: 0 0 12px; }
.sr-payment-method { min-height: 44px; box-sizing: border-box; }
.sr-payment-method input { width: 22px; height: 22px; accent-color: var(--sr-accent); }
.sr-checkout__cart-toggle { font: inherit; min-height: 44px; padding: 8px 14px; border: 1px solid var(--sr-line); border-radius: var(--sr-radius); background: #fff; color: inherit; cursor: pointer; justify-self: end; display: inline-flex; gap: 8px; align-items: center; }
.sr-checkout__summary { background: #fff; border: 1px solid var(--sr-line); border-radius: var(--sr-radius); padding: 0 16px 16px; }
.sr-checkout__summary-header { display: flex; align-items: center; justify-content: space-between; position: sticky; top: 0; background: #fff; padding: 12px 0; border-bottom: 1px solid var(--sr-line); }
.sr-checkout__summary-header h2 { margin: 0; font-size: 1.1em; }
.sr-checkout__summary-close { font: inherit; font-size: 1.5em; min-width: 44px; min-height: 44px; border: 0; background: transparent; cursor: pointer; color: inherit; }
.sr-checkout__lines { list-style: none; margin: 12px 0; padding: 0; }
.sr-checkout__line { display: flex; justify-content: space-between; gap: 12px; padding: 6px 0; border-bottom: 1px solid var(--sr-line); }
.sr-checkout__totals { display: grid; grid-template-columns: 1fr auto; gap: 6px 12px; margin: 0 0 16px; }
.sr-checkout__totals dd { margin: 0; text-align: right; }
.sr-checkout__grand { font-weight: 700; font-size: 1.1em; }
.sr-checkout__pay-total { border-top: 1px solid var(--sr-line); padding-top: 12px; margin: 0 0 4px; }
.sr-checkout__summary-actions { display: flex; gap: 10px; flex-wrap: wrap; }
.sr-checkout__empty, .sr-checkout__success { text-align: center; padding: 24px 12px; }
.sr-checkout__backdrop { position: fixed; inset: 0; background: rgba(0, 0, 0, 0.4); z-index: 9998; }
@media (max-width: 1023px) {
  .sr-checkout__summary { position: fixed; top: 0; right: 0; bottom: 0; width: min(420px, 100vw); box-sizing: border-box; overflow-y: auto; z-index: 9999; border-radius: 0; transform: translateX(100%); visibility: hidden; transition: transform 0.25s ease, visibility 0.25s; }
  /* Visible at once when opening (so the close button takes focus); hidden after the slide when closing. */
  .sr-checkout__summary[data-open] { transform: none; visibility: visible; transition: transform 0.25s ease; }
}
@media (min-width: 640px) {
  .sr-checkout__fields { grid-template-columns: repeat(2, minmax(0, 1fr)); }
  .sr-field--wide { grid-column: 1 / -1; }
}
@media (min-width: 1024px) {
  .sr-checkout { grid-template-columns: minmax(0, 3fr) minmax(280px, 2fr); align-items: start; }
  .sr-checkout__cart-toggle, .sr-checkout__summary-close, .sr-checkout__backdrop { display: none; }
  .sr-checkout__summary { position: sticky; top: 16px; grid-column: 2; grid-row: 1; }
  .sr-checkout__form { grid-column: 1; grid-row: 1; }
}
@media (prefers-reduced-motion: reduce) { .sr-checkout__summary { transition: none; } }
`;
