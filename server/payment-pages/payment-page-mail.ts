/**
 * The admins' e-mails about the payment pages: a kind of policy violation seen (./violation-reports.ts)
 * and a change found by the change detection (./page-check.ts). They name what the admin reads in
 * the studio's Payment pages screen, where the reports are grouped and a change is approved.
 */
import { escapeHtml, type RenderedMail } from '../mail/mail-templates';
import type { PageChange } from './page-snapshot';

function layout(title: string, paragraphs: readonly string[], rows: ReadonlyArray<readonly [string, string]>, link: string): string {
  const table = rows.length ? `<table cellpadding="4">${rows.map(([l, v]) => `<tr><td>${escapeHtml(l)}</td><td><strong>${escapeHtml(v)}</strong></td></tr>`).join('')}</table>` : '';
  return `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body style="font-family:Arial,sans-serif;color:#222;max-width:640px;margin:auto"><h1>${escapeHtml(title)}</h1>${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('')}${table}<p><a href="${escapeHtml(link)}">Open Payment pages in the studio</a></p></body></html>`;
}

/** What a kind's blocked value means to a reader. */
export function blockedLabel(type: string, blocked: string): string {
  if (type === 'integrity') return `the store’s file ${blocked}, changed (it no longer matches its SHA-384)`;
  if (blocked === 'inline') return 'an inline script (not in the page as the store sent it)';
  if (blocked === 'eval') return 'code run from a string (eval)';
  if (blocked.startsWith('/')) return `the store’s file ${blocked}, which is not in the script inventory`;
  return `a script from ${blocked}, which is not in the script inventory`;
}

export function renderViolationAlert(v: { type: string; page: string; directive: string; blocked: string; count: number; first_seen_at: string; firstTime: boolean; sinceLastMail: number; studioUrl: string }): RenderedMail {
  const subject = v.type === 'overflow' ? 'Payment pages: many kinds of blocked scripts' : `Payment pages: ${v.type === 'integrity' ? 'a changed script was blocked' : 'a script was blocked'} on ${v.page}`;
  const what = v.type === 'overflow' ? 'Browsers reported more kinds of blocked scripts than the store keeps one by one; they are counted together.' : `On the payment page ${v.page}, a browser blocked ${blockedLabel(v.type, v.blocked)}.`;
  const when = v.firstTime ? 'This is the first report of this kind.' : `It was reported ${v.sinceLastMail} more time${v.sinceLastMail === 1 ? '' : 's'} since the last e-mail about it.`;
  const advice = 'The page’s policy stopped it, so it did not run. If nobody at the store changed the payment pages, treat it as an attempt to skim cards: check the server, its files and whatever serves the pages (a proxy, a CDN).';
  const rows: Array<[string, string]> = [
    ['Page', v.page],
    ['Blocked', v.blocked],
    ['Directive', v.directive],
    ['Reports of this kind', String(v.count)],
    ['First seen', v.first_seen_at],
  ];
  return {
    subject,
    html: layout(subject, [what, when, advice], rows, v.studioUrl),
    text: [subject, what, when, advice, ...rows.map(([l, x]) => `${l}: ${x}`), `Payment pages in the studio: ${v.studioUrl}`].join('\n'),
  };
}

export function renderChangeAlert(c: { changes: readonly PageChange[]; baseUrl: string; checkId: number; noBaseline: boolean; studioUrl: string }): RenderedMail {
  const subject = c.noBaseline ? 'Payment pages: approve the first baseline' : `Payment pages changed: ${c.changes.length} change${c.changes.length === 1 ? '' : 's'} found`;
  const intro = c.noBaseline
    ? `The change detection of ${c.baseUrl} has no approved baseline yet. Review what the payment pages load (check ${c.checkId}) and approve it in the studio.`
    : `The change detection of ${c.baseUrl} (check ${c.checkId}) found what the browser receives on the payment pages different from the approved baseline. If nobody at the store made these changes, treat them as an attack; if the store did (a new release, a new gateway), approve the new baseline in the studio.`;
  const rows = c.changes.slice(0, 50).map((change) => [change.page, change.summary] as const);
  return {
    subject,
    html: layout(subject, [intro], rows, c.studioUrl),
    text: [subject, intro, ...rows.map(([page, summary]) => `${page}: ${summary}`), ...(c.changes.length > 50 ? [`… and ${c.changes.length - 50} more`] : []), `Payment pages in the studio: ${c.studioUrl}`].join('\n'),
  };
}
