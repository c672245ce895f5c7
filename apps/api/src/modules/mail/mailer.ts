/** Outgoing mail: SMTP when SMTP_URL is set, otherwise each message is written as an .eml file under DATA_DIR/mail/. */
import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { OUTAGE_MESSAGES } from '@farmaponte/shared';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import { HttpError } from '../../lib/errors';

export interface TMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers (List-Unsubscribe, List-Unsubscribe-Post). */
  headers?: Record<string, string>;
  /** A stable Message-ID, so a mail sent twice after a crash is recognisable as one. */
  messageId?: string;
  /** An iCalendar event, attached as invito.ics and offered as the message's calendar part. */
  ics?: string;
}

/** What nodemailer is given for a TMail. */
function toNodemailer(from: string, { ics, ...mail }: TMail) {
  if (!ics) return { from, ...mail };
  return {
    from,
    ...mail,
    icalEvent: { filename: 'invito.ics', method: 'PUBLISH', content: ics },
  };
}

export interface TMailer {
  send(mail: TMail): Promise<void>;
}

export function createMailer(options: { smtpUrl?: string; from: string; dataDir: string; log: FastifyBaseLogger }): TMailer {
  if (options.smtpUrl) {
    // A dead SMTP server must not hold a request for nodemailer's default two minutes.
    // socketTimeout bounds a stalled server too, well inside the outbox's claim (LIMITS.outboxLeaseSeconds).
    const transport = nodemailer.createTransport(options.smtpUrl, {
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 60_000,
    });
    return {
      async send(mail) {
        try {
          await transport.sendMail(toNodemailer(options.from, mail));
        } catch (error) {
          options.log.warn({ err: error, to: mail.to, subject: mail.subject }, 'mail not sent: SMTP unavailable');
          throw new HttpError(503, OUTAGE_MESSAGES.mailUnavailable, 'mail_unavailable');
        }
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const dir = join(options.dataDir, 'mail');
  return {
    async send(mail) {
      const info = await transport.sendMail(toNodemailer(options.from, mail));
      await mkdir(dir, { recursive: true });
      const file = join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.eml`);
      await writeFile(file, info.message as Buffer);
      options.log.info({ file, to: mail.to, subject: mail.subject }, 'mail written to file (no SMTP_URL set)');
    },
  };
}
