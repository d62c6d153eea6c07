/**
 * The element's stylesheet (adopted into its shadow root by the element base): the estimator's
 * layout and the form engine's field rules (renderer/forms/forms.css, which reaches only the light
 * DOM), themed through the --showroom-* custom properties.
 */
import { estimatorLayoutCss } from './estimator-layout.css';

const fieldCss = `
:host { --sr-muted: var(--showroom-muted, #5b625e); --sr-surface: var(--showroom-surface, #fff); --sr-ink: var(--showroom-ink, #1f2421); }
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
.sf-grid { display: grid; grid-template-columns: minmax(0, 1fr); gap: 16px; }
.sf-field, .sf-group { min-width: 0; grid-column: 1 / -1; }
@media (min-width: 768px) {
  .sf-grid { grid-template-columns: repeat(12, minmax(0, 1fr)); gap: 16px 20px; }
  .sf-grid--grid > .sf-field, .sf-grid--grid > .sf-group { grid-column: var(--sf-col, auto) / span var(--sf-span, 12); }
}
.sf-field { display: flex; flex-direction: column; gap: 6px; }
.sf-field__label { font-weight: 600; padding: 0; }
.sf-field__required, .sf-field__error { color: var(--showroom-danger, #b42318); }
.sf-field__help { margin: 0; font-size: 0.9rem; color: var(--sr-muted); }
.sf-field__error { margin: 0; font-size: 0.9rem; font-weight: 600; }
.sf-input { box-sizing: border-box; width: 100%; min-height: 44px; padding: 10px 12px; font: inherit; color: var(--sr-ink); background: var(--sr-surface); border: 1px solid #8a8f8b; border-radius: var(--sr-radius); }
.sf-input--textarea { min-height: 120px; resize: vertical; }
.sf-input--multi { min-height: 120px; }
.sf-input:disabled { background: #f4f2ee; color: var(--sr-muted); }
.sf-field--invalid .sf-input { border-color: var(--showroom-danger, #b42318); }
.sf-choices { border: 0; padding: 0; margin: 0; min-width: 0; display: flex; flex-direction: column; gap: 6px; }
.sf-choices__list { display: grid; gap: 4px 16px; }
@media (min-width: 480px) {
  .sf-choices--horizontal .sf-choices__list, .sf-choices--inline .sf-choices__list { display: flex; flex-wrap: wrap; }
  .sf-choices--grid .sf-choices__list { grid-template-columns: repeat(2, minmax(0, 1fr)); }
}
.sf-check { display: flex; flex-wrap: wrap; align-items: center; gap: 4px 10px; min-height: 44px; }
.sf-check__input { width: 22px; height: 22px; margin: 0; accent-color: var(--sr-accent); flex: none; }
.sf-check label { flex: 1; }
.sf-check .sf-field__label { font-weight: 500; }
.sf-check__help { flex-basis: 100%; padding-left: 32px; font-size: 0.9rem; color: var(--sr-muted); }
.sf-file__input { font: inherit; max-width: 100%; min-height: 44px; }
.sf-file__list { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 4px; }
.sf-file__item { display: flex; flex-wrap: wrap; gap: 6px; align-items: baseline; overflow-wrap: anywhere; }
`;

export const estimatorCss = fieldCss + estimatorLayoutCss;
