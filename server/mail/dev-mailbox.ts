/**
 * GET /dev/mail: the outbox as a page, so a person trying the demo sees what the customer and the
 * seller receive. Each message shows both its parts with their sizes: the HTML in a sandboxed frame
 * and the plain text as the mail carries it. Off in production, and
 * answered only to a browser on this machine: the outbox holds every customer's addresses and reset
 * links. Behind a proxy on the same machine every request comes from loopback, so a request that
 * carries any proxy header (../http/proxy-headers.ts) is refused, whichever header that proxy sets.
 */
import type Router from '@koa/router';
import type { Queries } from '../db/queries';
import { proxyHeaderOf } from '../http/proxy-headers';
import { escapeHtml } from './mail-templates';

/** 127.0.0.0/8, ::1 and the IPv4-mapped form of loopback. */
export function isLoopback(address: string): boolean {
  return address === '::1' || /^(::ffff:)?127\./.test(address);
}

/** A part's size as the message carries it (UTF-8): Gmail clips a message over about 102 kB. */
function kilobytes(part: string): string {
  return `${(Buffer.byteLength(part, 'utf8') / 1024).toFixed(1)} kB`;
}

export function devMailboxRoutes(router: Router, q: Queries): void {
  router.get('/dev/mail', async (ctx) => {
    // A request a proxy forwarded comes from elsewhere even when the proxy itself is on loopback.
    if (!isLoopback(ctx.ip) || proxyHeaderOf(ctx.req.headers) !== undefined) {
      ctx.status = 403;
      ctx.type = 'text/plain; charset=utf-8';
      ctx.body = 'The dev mailbox answers only to a browser on the machine the server runs on.';
      return;
    }
    const rows = await q.all(q.db.selectFrom('mail_outbox').selectAll().orderBy('id', 'desc').limit(200));
    const items = rows
      .map((m) => {
        const cc = (JSON.parse(m.cc) as string[]).join(', ');
        const attachments = (JSON.parse(m.attachments) as { filename: string }[]).map((a) => a.filename);
        const headers = Object.entries(JSON.parse(m.headers) as Record<string, string>);
        return `<article><h2>${escapeHtml(m.subject)}</h2>
<p><b>To:</b> ${escapeHtml(m.recipient)}${cc ? ` <b>Cc:</b> ${escapeHtml(cc)}` : ''} · <b>Type:</b> ${escapeHtml(m.type)} · <b>Status:</b> ${escapeHtml(m.status)}${m.attempts ? ` (${m.attempts} attempts)` : ''} · ${escapeHtml(m.created_at)}</p>
${attachments.length ? `<p class="attachments"><b>Attachments:</b> ${attachments.map(escapeHtml).join(', ')}</p>` : ''}${headers.map(([k, v]) => `<p class="header"><b>${escapeHtml(k)}:</b> ${escapeHtml(v)}</p>`).join('')}
<div class="parts"><section><h3>HTML · ${kilobytes(m.html)}</h3><iframe sandbox="" title="${escapeHtml(m.subject)}" srcdoc="${escapeHtml(m.html)}"></iframe></section>
<section><h3>Plain text · ${kilobytes(m.text)}</h3><pre>${escapeHtml(m.text)}</pre></section></div></article>`;
      })
      .join('\n');
    ctx.type = 'text/html; charset=utf-8';
    ctx.set('Cache-Control', 'no-store');
    ctx.body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Dev mailbox</title>
<style>body{font-family:system-ui,sans-serif;margin:1rem;max-width:1320px}article{border:1px solid #ccc;border-radius:6px;padding:1rem;margin:1rem 0;overflow-wrap:anywhere}
.parts{display:grid;gap:1rem;grid-template-columns:repeat(auto-fit,minmax(min(100%,420px),1fr))}h3{font-size:.9rem;margin:.5rem 0}
iframe{width:100%;height:560px;border:1px solid #eee}pre{white-space:pre-wrap;margin:0;padding:.75rem;background:#f6f6f4;border:1px solid #eee;height:560px;overflow:auto;box-sizing:border-box;font-size:.85rem}</style></head>
<body><h1>Dev mailbox</h1><p>${rows.length} message(s) in the outbox. Set SMTP_URL to deliver them.</p>${items || '<p>No mail yet.</p>'}</body></html>`;
  });
}
