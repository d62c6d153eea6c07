/** The read-only purchase view's sheet: the cards grid and the item table, stacked on a phone. */
export const paymentSummaryCss = `
.sr-summary-cards { display: grid; grid-template-columns: repeat(auto-fit, minmax(200px, 1fr)); gap: 12px; margin: 16px 0; }
.sr-summary-card { border: 1px solid var(--sr-line); border-radius: var(--sr-radius); padding: 12px 16px; }
.sr-summary-card__title { font-size: 1rem; margin: 0 0 6px; }
.sr-summary-lines, .sr-summary-address { display: flex; flex-direction: column; margin: 0; font-style: normal; overflow-wrap: anywhere; }
.sr-item-table { width: 100%; border-collapse: collapse; margin: 16px 0; }
.sr-item-table__caption { text-align: left; font-weight: 600; padding-bottom: 6px; }
.sr-item-table th, .sr-item-table td { padding: 8px; border-bottom: 1px solid var(--sr-line); text-align: left; vertical-align: top; }
.sr-item-table .sr-num { text-align: right; white-space: nowrap; }
.sr-item-table__item { font-weight: normal; }
.sr-item-table__name { display: block; font-weight: 600; }
.sr-item-table__sku, .sr-item-table__option { display: block; font-size: 0.9em; color: var(--showroom-muted, #5b625e); }
.sr-item-table tfoot th { text-align: right; font-weight: normal; }
.sr-item-table__notes th, .sr-item-table__notes td { text-align: left; }
.sr-item-table__total th, .sr-item-table__total td { font-weight: 700; border-bottom: none; }
@media (max-width: 600px) {
  .sr-item-table thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
  .sr-item-table tbody tr { display: block; border: 1px solid var(--sr-line); border-radius: var(--sr-radius); margin-bottom: 10px; padding: 4px 0; }
  .sr-item-table tbody th, .sr-item-table tbody td { display: flex; justify-content: space-between; gap: 12px; border: none; padding: 4px 12px; text-align: right; }
  .sr-item-table tbody th { display: block; text-align: left; }
  .sr-item-table tbody td::before { content: attr(data-label); color: var(--showroom-muted, #5b625e); text-align: left; }
  .sr-item-table tbody td.sr-item-table__empty { display: none; }
  .sr-item-table tfoot tr { display: flex; justify-content: space-between; }
  .sr-item-table tfoot th, .sr-item-table tfoot td { border: none; padding: 4px 12px; }
  .sr-item-table__notes { flex-direction: column; }
}
`;
