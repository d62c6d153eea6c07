/**
 * Delivers the outbox through SMTP (nodemailer) with retries: each failure waits longer (1 min,
 * 2, 4, ... up to an hour); after 8 attempts a message is marked failed and left for an operator.
 * A failed e-mail never touches the order or its payments. Attachments are read from their stored
 * path when the message is sent; one that is gone is left out (and logged) rather than holding the
 * message back.
 */
import fs from 'node:fs';
import nodemailer from 'nodemailer';
import type { SyncQueries } from '../db/sync-query';
import type { Logger } from '../logger';
import type { MailConfig } from './mail-config';
import type { MailAttachment } from './outbox';

export const MAX_ATTEMPTS = 8;

export interface MailMessage {
  from: string;
  to: string;
  cc: string[];
  subject: string;
  html: string;
  text: string;
  headers: Record<string, string>;
  attachments: MailAttachment[];
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
        attachments: m.attachments.map((a) => ({ filename: a.filename, path: a.path, contentType: a.contentType })),
      });
    },
  };
}

export function retryDelayMs(attempts: number): number {
  return Math.min(60 * 60_000, 60_000 * 2 ** Math.max(0, attempts - 1));
}

/** Sends every due message once; returns how many were sent. */
export async function deliverDueMail(q: SyncQueries, sender: MailSender, config: MailConfig, logger: Logger, now = new Date()): Promise<number> {
  const due = q.all(q.db.selectFrom('mail_outbox').selectAll().where('status', '=', 'pending').where('next_attempt_at', '<=', now.toISOString()).orderBy('id').limit(20));
  let sent = 0;
  for (const m of due) {
    try {
      const listed = JSON.parse(m.attachments) as MailAttachment[];
      const attachments = listed.filter((a) => fs.existsSync(a.path));
      if (attachments.length < listed.length) logger.warn({ mailId: m.id, missing: listed.filter((a) => !attachments.includes(a)).map((a) => a.path) }, 'mail attachment missing; sent without it');
      const headers = JSON.parse(m.headers) as Record<string, string>;
      await sender.send({ from: config.from, to: m.recipient, cc: JSON.parse(m.cc) as string[], subject: m.subject, html: m.html, text: m.text, headers, attachments });
      q.run(q.db.updateTable('mail_outbox').set({ status: 'sent', attempts: m.attempts + 1, sent_at: new Date().toISOString(), last_error: null }).where('id', '=', m.id));
      sent += 1;
    } catch (err) {
      const attempts = m.attempts + 1;
      const message = err instanceof Error ? err.message : String(err);
      logger.warn({ mailId: m.id, attempts, err: message }, 'mail delivery failed');
      q.run(
        q.db
          .updateTable('mail_outbox')
          .set({
            status: attempts >= MAX_ATTEMPTS ? 'failed' : 'pending',
            attempts,
            last_error: message.slice(0, 500),
            next_attempt_at: new Date(now.getTime() + retryDelayMs(attempts)).toISOString(),
          })
          .where('id', '=', m.id),
      );
    }
  }
  return sent;
}

/** Polls the outbox every few seconds while the process runs (the timer does not keep it alive). */
export function startMailWorker(q: SyncQueries, sender: MailSender, config: MailConfig, logger: Logger, intervalMs = 5000): { stop(): void } {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    deliverDueMail(q, sender, config, logger)
      .catch((err: unknown) => logger.error({ err }, 'mail worker failed'))
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
