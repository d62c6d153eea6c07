/**
 * The estimator's own rules, one source for the element (adopted into its shadow root with the
 * field rules) and the page block (renderer/blocks/estimator/EstimatorBlock.tsx writes them in a
 * <style> of its own). Colours come through --sr-* variables: the element maps them to
 * the --showroom-* theme, the block to the site's palette.
 */
export const estimatorLayoutCss = `
.sr-estimator { display: block; }
.sr-estimator__title { margin: 0 0 6px; font-size: 1.6rem; }
.sr-estimator__description { margin: 0 0 16px; color: var(--sr-muted); }
.sr-estimator__layout { display: grid; gap: 20px; align-items: start; }
@media (min-width: 900px) { .sr-estimator--sidebar .sr-estimator__layout { grid-template-columns: minmax(0, 1fr) 320px; } }
.sr-estimator__form { display: flex; flex-direction: column; gap: 12px; }
.sr-est-section { border: 1px solid var(--sr-line); border-radius: var(--sr-radius); }
.sr-est-section__heading { margin: 0; font-size: 1.1rem; }
.sr-est-section__header { width: 100%; min-height: 48px; padding: 12px 16px; text-align: left; font: inherit; font-weight: 600; background: none; border: 0; cursor: pointer; color: inherit; }
.sr-est-section__header::after { content: '+'; float: right; }
.sr-est-section--open .sr-est-section__header::after { content: '\\2212'; }
.sr-est-section__body { padding: 0 16px 16px; display: flex; flex-direction: column; gap: 16px; }
.sr-est-section__body[hidden] { display: none; }
.sr-est-popup { position: fixed; inset: 0; z-index: 9999; background: rgba(0, 0, 0, 0.45); display: flex; align-items: center; justify-content: center; padding: 16px; }
.sr-est-popup__dialog { background: var(--sr-surface); color: var(--sr-ink); border-radius: var(--sr-radius); max-width: min(720px, 90vw); max-height: 90vh; overflow: auto; padding: 20px; display: flex; flex-direction: column; gap: 16px; width: 100%; }
.sr-est-popup__head { display: flex; justify-content: space-between; align-items: center; gap: 12px; }
.sr-est-popup__head h3 { margin: 0; }
.sr-est-popup__close { font-size: 1.6rem; line-height: 1; min-width: 44px; min-height: 44px; background: none; border: 0; cursor: pointer; color: inherit; }
.sr-est-actions, .sr-est-footer { display: flex; flex-wrap: wrap; gap: 12px; align-items: center; }
.sr-est-button { display: inline-flex; align-items: center; gap: 8px; min-height: 44px; padding: 10px 18px; font: inherit; font-weight: 600; border-radius: var(--sr-radius); border: 1px solid var(--sr-accent); background: var(--sr-surface); color: var(--sr-accent); cursor: pointer; }
.sr-est-button--primary { background: var(--sr-accent); color: #fff; }
.sr-est-button:disabled { opacity: 0.7; cursor: progress; }
.sr-est-spinner { width: 14px; height: 14px; border: 2px solid currentColor; border-right-color: transparent; border-radius: 50%; animation: sr-est-spin 0.8s linear infinite; }
@keyframes sr-est-spin { to { transform: rotate(360deg); } }
.sr-est-message { margin: 0; padding: 10px 14px; border-radius: var(--sr-radius); font-weight: 600; }
.sr-est-message--success { background: #e6f4ea; color: #1e5631; }
.sr-est-message--error { background: #fdecea; color: #8a1c1c; }
.sr-est-summary { border: 1px solid var(--sr-line); border-radius: var(--sr-radius); padding: 16px; background: var(--sr-surface); }
@media (min-width: 900px) { .sr-est-summary--sidebar { position: sticky; top: 16px; } }
.sr-est-summary__title { margin: 0 0 8px; font-size: 1.2rem; }
.sr-est-summary h4 { margin: 12px 0 4px; font-size: 0.95rem; }
.sr-est-summary dl { margin: 0; }
.sr-est-summary__row { display: flex; flex-wrap: wrap; justify-content: space-between; gap: 0 12px; padding: 3px 0; }
.sr-est-summary__row dd { margin: 0 0 0 auto; font-variant-numeric: tabular-nums; white-space: nowrap; }
.sr-est-live-total { margin: 0; padding: 10px 14px; border: 1px solid var(--sr-line); border-left: 4px solid var(--sr-accent); border-radius: var(--sr-radius); display: flex; flex-wrap: wrap; justify-content: space-between; gap: 0 12px; font-weight: 600; }
.sr-est-live-total strong { margin-left: auto; font-variant-numeric: tabular-nums; white-space: nowrap; }
.sr-est-summary__totals { border-top: 1px solid var(--sr-line); margin-top: 10px; padding-top: 8px; }
.sr-est-summary__row--grand { font-weight: 700; font-size: 1.1rem; }
.sr-est-summary__empty, .sr-est-summary__note { color: var(--sr-muted); font-size: 0.9rem; margin: 8px 0 0; }
`;
