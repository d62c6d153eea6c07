/**
 * Mail settings from environment variables. Without SMTP_URL nothing is delivered: messages stay in
 * the outbox and the dev mailbox (/dev/mail) shows them.
 *
 *   SMTP_URL      smtp(s)://user:pass@host:port  (nodemailer connection URL)
 *   MAIL_FROM     sender, default "Showroom <orders@showroom.localhost>"
 *   ADMIN_EMAILS  comma-separated; the first receives admin mail, the rest are in cc
 */
export interface MailConfig {
  smtpUrl: string | null;
  from: string;
  adminEmails: string[];
}

export const DEFAULT_ADMIN_EMAIL = 'orders@showroom.localhost';

export function mailConfigFromEnv(env: Record<string, string | undefined>): MailConfig {
  const admins = (env.ADMIN_EMAILS ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s.includes('@'));
  return {
    smtpUrl: env.SMTP_URL?.trim() || null,
    from: env.MAIL_FROM?.trim() || 'Showroom <orders@showroom.localhost>',
    adminEmails: admins.length ? admins : [DEFAULT_ADMIN_EMAIL],
  };
}
