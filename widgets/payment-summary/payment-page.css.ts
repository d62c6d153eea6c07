/**
 * The money pages' own sheet (quote payment, split payment): title, fields, buttons, dead ends and
 * messages, on top of the theme and the summary's cards and table. 44 px targets for a phone.
 * The method selector's own sheet is added by each page (elements, blocks), not imported here: the
 * payment-pages chunk would swallow it and <showroom-payment-methods> would then load that chunk.
 */
import { paymentSummaryCss } from './payment-summary.css';

export const paymentPageCss = `
.sr-page-title { font-size: 1.4rem; margin: 0 0 8px; overflow-wrap: anywhere; }
.sr-pay { display: grid; gap: 14px; max-width: 560px; margin-top: 16px; }
.sr-field { display: grid; gap: 4px; }
.sr-field label { font-weight: 600; }
.sr-field input { font: inherit; min-height: 44px; padding: 8px 10px; border: 1px solid var(--showroom-field-line, #8a8f8b); border-radius: var(--sr-radius); box-sizing: border-box; width: 100%; }
.sr-field input:focus-visible, .sr-button:focus-visible, .sr-pay button:focus-visible { outline: 2px solid var(--sr-accent); outline-offset: 2px; }
.sr-field input[aria-invalid="true"] { border-color: var(--showroom-danger, #b42318); }
.sr-hint { font-size: 0.9em; color: var(--showroom-muted, #5b625e); }
.sr-button, .sr-pay button { display: inline-flex; align-items: center; justify-content: center; min-height: 44px; padding: 8px 18px; border: 1px solid var(--sr-accent); border-radius: var(--sr-radius); background: var(--sr-accent); color: var(--showroom-on-accent, #fff); font: inherit; font-weight: 600; text-decoration: none; cursor: pointer; }
.sr-button--secondary { background: transparent; color: var(--sr-accent); }
.sr-pay button:disabled { opacity: 0.6; cursor: progress; }
.sr-actions { display: flex; flex-wrap: wrap; gap: 10px; margin-top: 12px; }
.sr-dead-end { border: 1px solid var(--sr-line); border-radius: var(--sr-radius); padding: 20px; }
.sr-dead-end__message { font-weight: 600; margin: 0; }
.sr-success { color: var(--showroom-success, #1e6b3a); font-weight: 600; }
.sr-form-error, .sr-success, .sr-split-payment > .sr-error { margin: 8px 0; }
.sr-lookup { display: grid; gap: 12px; max-width: 420px; }
.sr-balance { display: grid; gap: 4px; max-width: 360px; margin: 12px 0; }
.sr-balance div { display: flex; justify-content: space-between; }
.sr-balance dt, .sr-balance dd { margin: 0; }
.sr-balance__due { font-weight: 700; border-top: 1px solid var(--sr-line); padding-top: 4px; }
.sr-done h2 { margin-top: 0; }
` + paymentSummaryCss;
