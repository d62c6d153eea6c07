export const paymentMethodsCss = `
.sr-payment-methods { border: 1px solid var(--sr-line); border-radius: var(--sr-radius); padding: 12px 16px; margin: 0; }
.sr-payment-methods legend { font-weight: 600; padding: 0 4px; }
.sr-payment-method { display: grid; grid-template-columns: auto 1fr; column-gap: 10px; align-items: start; padding: 10px 0; cursor: pointer; }
.sr-payment-method + .sr-payment-method { border-top: 1px solid var(--sr-line); }
.sr-payment-method input { margin-top: 4px; accent-color: var(--sr-accent); width: 18px; height: 18px; }
.sr-payment-method__title { font-weight: 600; }
.sr-payment-method__description { grid-column: 2; color: var(--showroom-muted, #5b625e); font-size: 0.92em; }
`;
