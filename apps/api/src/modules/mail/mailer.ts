/** Outgoing mail: SMTP when SMTP_URL is set, otherwise each message is written as an .eml file under DATA_DIR/mail/. */
import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { connect, type Socket } from 'node:net';
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

/**
 * SMTP_URL as nodemailer reads a connection URL: `smtps://` is TLS from the start and `smtp://` not, the port, the host,
 * the user and password (percent-decoded), and each query option (`?requireTLS=true`, `?tls.rejectUnauthorized=false`)
 * with numbers and true/false as such; a dotted name other than `tls.` is ignored.
 */
export function smtpOptionsFromUrl(text: string) {
  const url = new URL(text);
  const options: { secure: boolean; host?: string; port?: number; auth?: { user: string; pass: string } } & Record<
    string,
    unknown
  > = { secure: url.protocol === 'smtps:' };
  if (Number(url.port)) options.port = Number(url.port);
  if (url.hostname) options.host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (url.username || url.password)
    options.auth = { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) };
  const tls: Record<string, unknown> = {};
  for (const [key, text] of url.searchParams) {
    const value =
      text === 'true' ? true : text === 'false' ? false : text !== '' && !Number.isNaN(Number(text)) ? Number(text) : text;
    if (key.startsWith('tls.')) tls[key.slice(4)] ??= value;
    else if (!key.includes('.')) options[key] ??= value;
  }
  if (Object.keys(tls).length) options.tls = tls;
  return options;
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
    // minutes; socketTimeout bounds a stalled server too (the outbox renews its claim meanwhile). SMTP_URL is read
    // here (smtpOptionsFromUrl) because nodemailer.createTransport({ url, … }) reads the transport's options from the
    // URL alone; given options, createTransport builds the same pool, through its public API (decision 085).
    const transport = nodemailer.createTransport({
      pool: true,
      maxConnections: concurrency,
      maxMessages: 1000,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 60_000,
      // The URL's own options win, as they did when nodemailer read the URL.
      ...smtpOptionsFromUrl(options.smtpUrl),
      getSocket: openWithoutNagle,
    });
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
