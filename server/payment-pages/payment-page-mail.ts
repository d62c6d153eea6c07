/**
 * The admins' e-mails about the payment pages: a kind of policy violation seen (./violation-reports.ts)
 * and a change found by the change detection (./page-check.ts). They name what the admin reads in
 * the studio's Payment pages screen, where the reports are grouped and a change is approved.
 */
import type { RenderedMail } from '../mail/mail-document';
import { renderMail } from '../mail/render-mail';
import type { PageChange } from './page-snapshot';

/** One description of the mail, written out as HTML and as text like every mail of the store. */
function alertMail(subject: string, paragraphs: readonly string[], rows: ReadonlyArray<readonly [string, string]>, studioUrl: string): RenderedMail {
  return renderMail({
    subject,
    preview: paragraphs[0] ?? subject,
    heading: subject,
    blocks: [
      ...paragraphs.map((text) => ({ kind: 'paragraph' as const, text })),
      ...(rows.length ? [{ kind: 'rows' as const, rows: rows.map(([label, value]) => ({ label, value })) }] : []),
      { kind: 'action' as const, text: 'Open Payment pages in the studio', href: studioUrl },
    ],
  });
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
  return alertMail(subject, [what, when, advice], rows, v.studioUrl);
}

/** Digest kinds named one by one; more are counted, and named in the studio. */
export const DIGEST_ROWS = 50;

/**
 * The digest: new kinds whose clients had spent their budget of immediate e-mails, gathered for a
 * few minutes into one e-mail, so a flood of made-up reports cannot keep a real one from the admins.
 */
export function renderViolationDigest(d: { kinds: ReadonlyArray<{ type: string; page: string; blocked: string }>; total: number; studioUrl: string }): RenderedMail {
  const subject = `Payment pages: ${d.total} new kind${d.total === 1 ? '' : 's'} of blocked scripts`;
  const intro = `Browsers reported ${d.total} new kind${d.total === 1 ? '' : 's'} of blocked scripts on the payment pages from clients that had already sent several: they are gathered here, one line each.`;
  const advice = 'The page’s policy stopped them, so they did not run. Made-up reports look like this too (anyone can send one); a real one names a script someone tried to add. If a line names an origin or file you do not know, treat it as an attempt to skim cards.';
  const more = d.total > d.kinds.length ? [`… and ${d.total - d.kinds.length} more, each named in the studio.`] : [];
  const rows = d.kinds.map((k) => [k.page, blockedLabel(k.type, k.blocked)] as const);
  return alertMail(subject, [intro, advice, ...more], rows, d.studioUrl);
}

export function renderChangeAlert(c: { changes: readonly PageChange[]; baseUrl: string; checkId: number; noBaseline: boolean; studioUrl: string }): RenderedMail {
  const subject = c.noBaseline ? 'Payment pages: approve the first baseline' : `Payment pages changed: ${c.changes.length} change${c.changes.length === 1 ? '' : 's'} found`;
  const intro = c.noBaseline
    ? `The change detection of ${c.baseUrl} has no approved baseline yet. Review what the payment pages load (check ${c.checkId}) and approve it in the studio.`
    : `The change detection of ${c.baseUrl} (check ${c.checkId}) found what the browser receives on the payment pages different from the approved baseline. If nobody at the store made these changes, treat them as an attack; if the store did (a new release, a new gateway), approve the new baseline in the studio.`;
  const rows = c.changes.slice(0, 50).map((change) => [change.page, change.summary] as const);
  const more = c.changes.length > 50 ? [`… and ${c.changes.length - 50} more in the studio.`] : [];
  return alertMail(subject, [intro, ...more], rows, c.studioUrl);
}

export function renderCheckFailedAlert(error: string, studioUrl: string): RenderedMail {
  return alertMail('Payment pages: the change detection could not load them', [error], [], studioUrl);
}
