/**
 * The readable page of the payment pages' evidence, for the seller's assessor: the script inventory
 * (every script, its owner, reason and hash) and, when the store makes it, the store's own part
 * (its payment methods and their SAQ, each page's policy, the change checks and their approvals,
 * the policy violations). Plain HTML with its style inline and no script, so it opens anywhere and
 * prints as it reads.
 */
import type { ScriptInventory } from './script-inventory';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/** A section of the page: a heading, an optional paragraph, and a table. */
export interface EvidenceSection {
  title: string;
  intro?: string;
  columns: readonly string[];
  rows: ReadonlyArray<readonly string[]>;
  /** Shown instead of an empty table. */
  empty?: string;
}

function table(section: EvidenceSection): string {
  if (section.rows.length === 0) return `<p>${escapeHtml(section.empty ?? 'None.')}</p>`;
  const head = section.columns.map((c) => `<th scope="col">${escapeHtml(c)}</th>`).join('');
  const body = section.rows.map((row) => `<tr>${row.map((cell) => `<td>${escapeHtml(cell)}</td>`).join('')}</tr>`).join('\n');
  return `<table>\n<thead><tr>${head}</tr></thead>\n<tbody>\n${body}\n</tbody>\n</table>`;
}

/** The inventory's two tables: first-party files with their hashes, third-party origins. */
export function inventorySections(inventory: ScriptInventory): EvidenceSection[] {
  return [
    {
      title: 'First-party scripts',
      intro: `The store’s own scripts of the payment pages (${inventory.firstParty.length}): each file is named by its path in the page’s policy and checked by the browser against its SHA-384 (Subresource Integrity) before it runs; an inline script is allowed by its SHA-384 in its own page’s policy.`,
      columns: ['File', 'SHA-384 (integrity)', 'Owner', 'Gateway', 'Reason'],
      rows: inventory.firstParty.map((s) => [s.inline ? `${s.url} (inline script)` : s.url, s.integrity, s.owner, s.gateway ?? 'every', s.reason]),
    },
    {
      title: 'Third-party scripts',
      intro: 'Each payment provider’s script, allowed by its exact origin only on the pages that offer that provider, and only for the integrations that load it.',
      columns: ['Origin', 'Environment', 'Owner', 'Loaded by', 'Reason', 'Why no integrity hash'],
      rows: inventory.thirdParty.map((s) => [s.origin, s.environment, s.owner, s.integrations.join(', '), s.reason, s.noIntegrity]),
    },
  ];
}

export function evidencePage(opts: { title: string; generatedAt: string; summary: readonly string[]; sections: readonly EvidenceSection[] }): string {
  const sections = opts.sections
    .map((s) => `<section>\n<h2>${escapeHtml(s.title)}</h2>\n${s.intro ? `<p>${escapeHtml(s.intro)}</p>\n` : ''}${table(s)}\n</section>`)
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(opts.title)}</title>
<style>
body { font: 15px/1.5 system-ui, sans-serif; margin: 2rem auto; max-width: 80rem; padding: 0 1rem; color: #1d1d1b; }
h1 { font-size: 1.6rem; } h2 { font-size: 1.2rem; margin-top: 2rem; }
table { border-collapse: collapse; width: 100%; font-size: 0.85rem; }
th, td { border: 1px solid #bbb; padding: 0.35rem 0.5rem; text-align: left; vertical-align: top; overflow-wrap: anywhere; }
th { background: #f1efe9; }
</style>
</head>
<body>
<h1>${escapeHtml(opts.title)}</h1>
<p>Made on ${escapeHtml(opts.generatedAt)}.</p>
${opts.summary.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}
${sections}
</body>
</html>
`;
}

/** The build's page: the inventory alone. */
export function inventoryPage(inventory: ScriptInventory): string {
  return evidencePage({
    title: 'Payment pages: script inventory',
    generatedAt: inventory.generatedAt,
    summary: [
      `Pages: ${inventory.pages.join(', ')}.`,
      'PCI DSS 4.0.1 requirement 6.4.3: every script these pages can load is listed with its owner and the reason it is needed; first-party scripts carry their SHA-384, and the pages’ Content-Security-Policy allows no other script.',
    ],
    sections: inventorySections(inventory),
  });
}
