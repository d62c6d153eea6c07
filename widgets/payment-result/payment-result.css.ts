/**
 * The result views' sheet (verify progress, order success, failure note), shared by the main site's
 * blocks and <showroom-order-result>. The spinner stops for prefers-reduced-motion: the text says
 * what is happening either way.
 */
export const paymentResultCss = `
.sr-result { text-align: center; max-width: 40rem; margin: 0 auto; padding: 2rem 1rem; }
.sr-result__icon { width: 4rem; height: 4rem; margin: 0 auto 1rem; display: block; color: var(--sr-accent); }
.sr-result__image { max-width: 100%; height: auto; margin: 0 auto 1rem; display: block; }
.sr-result__title { margin: 0 0 1rem; font-size: 1.6rem; }
.sr-result__content p { margin: 0 0 0.75rem; line-height: 1.5; }
.sr-result__balance { font-weight: 600; }
.sr-result__actions { display: flex; flex-wrap: wrap; gap: 0.75rem; justify-content: center; margin-top: 1.5rem; }
.sr-result__action { display: inline-block; padding: 0.65rem 1.25rem; border-radius: var(--sr-radius); background: var(--sr-accent); color: #fff; text-decoration: none; font-weight: 600; }
.sr-result__action--secondary { background: transparent; color: var(--sr-accent); border: 1px solid var(--sr-accent); }
.sr-result__action:focus-visible { outline: 3px solid var(--sr-accent); outline-offset: 2px; }
.sr-result__note { border: 1px solid var(--sr-line); border-radius: var(--sr-radius); padding: 0.75rem 1rem; margin: 0 auto 1rem; text-align: left; }
.sr-verify { display: flex; flex-direction: column; align-items: center; gap: 1rem; padding: 3rem 1rem; }
.sr-spinner { width: 2.5rem; height: 2.5rem; border: 4px solid var(--sr-line); border-top-color: var(--sr-accent); border-radius: 50%; animation: sr-spin 0.9s linear infinite; }
@keyframes sr-spin { to { transform: rotate(360deg); } }
@media (prefers-reduced-motion: reduce) { .sr-spinner { animation: none; border-top-color: var(--sr-line); border-right-color: var(--sr-accent); } }
`;
