/**
 * Delivers the outbox through SMTP (nodemailer) with retries: each failure waits longer (1 min,
 * 2, 4, ... up to an hour); after 8 attempts a message is marked failed and left for an operator.
 * A failed e-mail never touches the order or its payments. Attachments are read when the message
 * is sent, from their stored path or, for uploads kept in the database, from there; one that is gone
 * is left out (and logged) rather than holding the message back.
 *
 * Every server runs a worker over the one outbox, so a message is claimed before it is sent, and
 * only the worker whose claim took it sends it: the claim moves the message's next attempt to the
 * claim's expiry (CLAIM_MS ahead), in a conditional update that changes the row only while it is
 * still due (on PostgreSQL the candidate is first locked with FOR UPDATE SKIP LOCKED, so workers
 * pass over each other's rows instead of queueing on them). A worker that stops in the middle of a
 * send leaves its claim to expire: the message is then due again and another worker sends it.
 */
import fs from 'node:fs';
import nodemailer from 'nodemailer';
import type { Queries } from '../db/queries';
import type { MailOutboxTable } from '../db/tables';
import type { Logger } from '../logger';
import type { MailConfig } from './mail-config';
import { readStoredUpload } from '../services/upload-store';
import type { MailAttachment } from './outbox';
import { pruneRecipientLog } from './recipient-cap';

export const MAX_ATTEMPTS = 8;

/** How long a claim holds a message: longer than a send can take (nodemailer's socket timeout is 10 minutes). */
export const CLAIM_MS = 15 * 60_000;

/** Messages one pass of the worker sends at most. */
const BATCH = 20;

export interface MailMessage {
  from: string;
  to: string;
  cc: string[];
  subject: string;
  html: string;
  text: string;
  headers: Record<string, string>;
  attachments: SentAttachment[];
}

/** An attachment as the sender gets it: a file's path, or the content read from the database. */
export interface SentAttachment {
  filename: string;
  contentType: string;
  path?: string;
  content?: Buffer;
}

export interface MailSender {
  send(message: MailMessage): Promise<void>;
}

export function smtpSender(smtpUrl: string): MailSender {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(m) {
      await transport.sendMail({
        from: m.from,
        to: m.to,
        cc: m.cc.length ? m.cc : undefined,
        subject: m.subject,
        html: m.html,
        text: m.text,
        headers: m.headers,
        attachments: m.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, ...(a.content ? { content: a.content } : { path: a.path }) })),
      });
    },
  };
}

export function retryDelayMs(attempts: number): number {
  return Math.min(60 * 60_000, 60_000 * 2 ** Math.max(0, attempts - 1));
}

type OutboxRow = Omit<MailOutboxTable, 'id' | 'headers' | 'attachments'> & { id: number; headers: string; attachments: string };

/**
 * Claims the oldest due message for this worker until `claimedUntil`; undefined when none is due.
 * The update's condition (still pending, still due) makes the claim atomic on both engines: of two
 * workers that read the same row, only one changes it.
 */
async function claimNext(q: Queries, now: Date, claimedUntil: string): Promise<OutboxRow | undefined> {
  const due = now.toISOString();
  return q.transaction(async (tx) => {
    const candidates = tx.db.selectFrom('mail_outbox').selectAll().where('status', '=', 'pending').where('next_attempt_at', '<=', due).orderBy('id').limit(1);
    const row = (await tx.first(tx.engine === 'postgres' ? candidates.forUpdate().skipLocked() : candidates)) as OutboxRow | undefined;
    if (!row) return undefined;
    const claimed = await tx.run(
      tx.db.updateTable('mail_outbox').set({ next_attempt_at: claimedUntil }).where('id', '=', row.id).where('status', '=', 'pending').where('next_attempt_at', '<=', due),
    );
    // Nothing changed: another worker claimed it first; this pass ends and the next one looks again.
    return claimed === 1 ? row : undefined;
  });
}

/** Sends every due message once (at most BATCH a pass); returns how many were sent. */
export async function deliverDueMail(q: Queries, sender: MailSender, config: MailConfig, logger: Logger, now = new Date()): Promise<number> {
  const claimedUntil = new Date(now.getTime() + CLAIM_MS).toISOString();
  let sent = 0;
  for (let i = 0; i < BATCH; i++) {
    // Claimed one at a time, just before its send, so no claim runs out while earlier messages go.
    const m = await claimNext(q, now, claimedUntil);
    if (!m) break;
    // Our claim still holds the row: a worker whose claim ran out must not overwrite the next one's.
    const ours = q.db.updateTable('mail_outbox').where('id', '=', m.id).where('status', '=', 'pending').where('next_attempt_at', '=', claimedUntil);
    try {
      const listed = JSON.parse(m.attachments) as MailAttachment[];
      const attachments: SentAttachment[] = [];
      const missing: string[] = [];
      for (const a of listed) {
        const content = a.upload !== undefined ? await readStoredUpload(q, a.upload) : undefined;
        if (content) attachments.push({ filename: a.filename, content, contentType: a.contentType });
        else if (a.path !== undefined && fs.existsSync(a.path)) attachments.push({ filename: a.filename, path: a.path, contentType: a.contentType });
        else missing.push(a.path ?? a.upload ?? a.filename);
      }
      if (missing.length) logger.warn({ mailId: m.id, missing }, 'mail attachment missing; sent without it');
      const headers = JSON.parse(m.headers) as Record<string, string>;
      await sender.send({ from: config.from, to: m.recipient, cc: JSON.parse(m.cc) as string[], subject: m.subject, html: m.html, text: m.text, headers, attachments });
      await q.run(ours.set({ status: 'sent', attempts: m.attempts + 1, sent_at: new Date().toISOString(), last_error: null }));
      sent += 1;
    } catch (err) {
      const attempts = m.attempts + 1;
      const message = err instanceof Error ? err.message : String(err);
      logger.warn({ mailId: m.id, attempts, err: message }, 'mail delivery failed');
      await q.run(
        ours.set({
          status: attempts >= MAX_ATTEMPTS ? 'failed' : 'pending',
          attempts,
          last_error: message.slice(0, 500),
          next_attempt_at: new Date(now.getTime() + retryDelayMs(attempts)).toISOString(),
        }),
      );
    }
  }
  return sent;
}

/** How often a worker forgets the cap's old decisions (./recipient-cap.ts); any server's run serves all. */
const PRUNE_EVERY_MS = 60 * 60_000;

/**
 * Polls the outbox every few seconds while the process runs (the timer does not keep it alive), and
 * now and then forgets the per-address cap's decisions older than a day.
 */
export function startMailWorker(q: Queries, sender: MailSender, config: MailConfig, logger: Logger, intervalMs = 5000): { stop(): void } {
  let running = false;
  let prunedAt = 0;
  const pass = async (): Promise<void> => {
    const now = new Date();
    if (now.getTime() - prunedAt >= PRUNE_EVERY_MS) {
      prunedAt = now.getTime();
      await pruneRecipientLog(q, now);
    }
    await deliverDueMail(q, sender, config, logger, now);
  };
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    pass()
      .catch((err: unknown) => logger.error({ err }, 'mail worker failed'))
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
