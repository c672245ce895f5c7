/** Outgoing mail: SMTP when SMTP_URL is set, otherwise each message is written as an .eml file under DATA_DIR/mail/. */
import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { connect, type Socket } from 'node:net';
import { join } from 'node:path';
import { OUTAGE_MESSAGES } from '@farmaponte/shared';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import SMTPPool from 'nodemailer/lib/smtp-pool/index.js';
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
  /** An iCalendar event, attached as invito.ics and offered as the message's calendar part (with its METHOD). */
  ics?: string;
}

/** What nodemailer is given for a TMail. */
function toNodemailer(from: string, { ics, ...mail }: TMail) {
  if (!ics) return { from, ...mail };
  return {
    from,
    ...mail,
    icalEvent: { filename: 'invito.ics', method: calendarMethod(ics), content: ics },
  };
}

export interface TMailer {
  send(mail: TMail): Promise<void>;
  /** How many mails it sends well at once (its SMTP connections): the outbox keeps that many in flight. */
  readonly concurrency: number;
  /** Closes its SMTP connections (the app's close); a send after it opens them again. */
  close(): void;
}

/**
 * The SMTP connection, opened by us only to switch Nagle's algorithm off (nodemailer has no option for it). An SMTP
 * exchange is a few short commands, each waiting for its answer: with Nagle on, each command waited on the relay's
 * delayed ACK, ~55 ms a mail per connection (89 mails/s with 5 connections to a local relay, 780 without; decision
 * 042). The socket is handed over while it connects: nodemailer then treats it as its own (its error handling, its
 * greeting timeout, TLS for smtps://, STARTTLS). Answering with an error instead would leave a dead slot in
 * nodemailer's pool, which then stops sending once all its slots are dead.
 */
function openWithoutNagle(
  target: { host?: string; port?: number; secure?: boolean },
  done: (error: Error | null, socket: { connection: Socket }) => void,
) {
  const socket = connect({ host: target.host ?? 'localhost', port: Number(target.port) || (target.secure ? 465 : 587) });
  socket.setNoDelay(true);
  done(null, { connection: socket });
}

export function createMailer(options: {
  smtpUrl?: string;
  from: string;
  dataDir: string;
  log: FastifyBaseLogger;
  /** SMTP_MAX_CONNECTIONS: connections kept open to the SMTP server, each sending one mail at a time (default 5). */
  maxConnections?: number;
}): TMailer {
  const concurrency = options.maxConnections ?? 5;
  if (options.smtpUrl) {
    // A pool (docs/decisions/042): a connection stays open for the next mail (no greeting and EHLO per mail), and up
    // to maxConnections mails go out at once. A dead SMTP server must not hold a request for nodemailer's default two
    // minutes; socketTimeout bounds a stalled server too (the outbox renews its claim meanwhile). The pool is built
    // here because nodemailer.createTransport(url, …) reads the transport's options from the URL alone (its second
    // argument is the messages' defaults, where these timeouts had no effect).
    const transport = nodemailer.createTransport(
      new SMTPPool({
        pool: true,
        url: options.smtpUrl,
        maxConnections: concurrency,
        maxMessages: 1000,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 60_000,
        getSocket: openWithoutNagle,
      }),
    );
    return {
      concurrency,
      async send(mail) {
        try {
          await transport.sendMail(toNodemailer(options.from, mail));
        } catch (error) {
          options.log.warn({ err: error, to: mail.to, subject: mail.subject }, 'mail not sent: SMTP unavailable');
          throw new HttpError(503, OUTAGE_MESSAGES.mailUnavailable, 'mail_unavailable');
        }
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const dir = join(options.dataDir, 'mail');
  return {
    concurrency,
    async send(mail) {
      const info = await transport.sendMail(toNodemailer(options.from, mail));
      await mkdir(dir, { recursive: true });
      const file = join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.eml`);
      await writeFile(file, info.message as Buffer);
      options.log.info({ file, to: mail.to, subject: mail.subject }, 'mail written to file (no SMTP_URL set)');
    },
    close() {},
  };
}

/** The iTIP method a calendar event's text carries (what the mail's calendar part declares: REQUEST, CANCEL). */
export function calendarMethod(ics: string): string {
  return /^METHOD:(\w+)/m.exec(ics)?.[1] ?? 'PUBLISH';
}
