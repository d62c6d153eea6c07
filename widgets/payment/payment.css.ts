/**
 * The styles of the card entry the test gateway and Accept.js share (CardFields, CardFieldsForm),
 * of Accept Hosted's frame, and of the notice of a payment waiting for the bank (WaitingPaymentNotice):
 * exported CSS text that a money page's element puts in its shadow root and the main site's block
 * puts in its page, like the other widget sheets. Targets of 44 px and a one-column grid below
 * 420 px keep it usable with a thumb on a 390 px phone. Each theme variable has a fallback, so the
 * sheet also works on the main site's pages, outside a shadow root's :host rules.
 */
export const paymentCss = `
.sr-card-form { display: grid; gap: 14px; }
.sr-card-fields { display: grid; grid-template-columns: 1fr 1fr 1fr; gap: 12px 14px; }
.sr-card-field { display: grid; gap: 4px; align-content: start; min-width: 0; }
.sr-card-field--number { grid-column: 1 / -1; }
.sr-card-field label { font-weight: 600; font-size: 0.95em; }
.sr-card-field input, .sr-card-field select { font: inherit; min-height: 44px; box-sizing: border-box; width: 100%; padding: 8px 10px; border: 1px solid var(--showroom-field-line, #8a8f8c); border-radius: var(--sr-radius, var(--showroom-radius, 6px)); background: var(--showroom-field-bg, #fff); color: inherit; }
.sr-card-field input:focus-visible, .sr-card-field select:focus-visible, .sr-pay-button:focus-visible { outline: 3px solid var(--showroom-focus, #1f6feb); outline-offset: 2px; }
.sr-card-field [aria-invalid="true"] { border-color: var(--showroom-danger, #b42318); }
.sr-card-field__error { margin: 0; color: var(--showroom-danger, #b42318); font-size: 0.9em; }
.sr-pay-button { font: inherit; font-weight: 600; min-height: 44px; justify-self: start; background: var(--sr-accent, var(--showroom-accent, #7a4e2d)); color: var(--showroom-on-accent, #fff); border: 0; border-radius: var(--sr-radius, var(--showroom-radius, 6px)); padding: 10px 22px; cursor: pointer; }
.sr-pay-button:disabled { opacity: 0.65; cursor: progress; }
.sr-card-form__note { margin: 0; color: var(--showroom-muted, #5b625e); font-size: 0.9em; }
.sr-hosted-frame { display: block; width: 100%; box-sizing: border-box; border: 1px solid var(--showroom-field-line, #8a8f8c); border-radius: var(--sr-radius, var(--showroom-radius, 6px)); background: #fff; }
.sr-waiting-payment { display: grid; gap: 10px; margin: 0 0 16px; padding: 12px 14px; border: 1px solid var(--showroom-warning-line, #e2b86b); border-left-width: 4px; border-radius: var(--sr-radius, var(--showroom-radius, 6px)); background: var(--showroom-warning-bg, #fff8ea); }
.sr-waiting-payment__message { margin: 0; }
.sr-waiting-payment .sr-error { margin: 0; }
@media (max-width: 420px) {
  .sr-card-fields { grid-template-columns: 1fr 1fr; }
  .sr-card-field--cvv { grid-column: 1 / -1; }
  .sr-pay-button { justify-self: stretch; }
}
`;
