/** A real SMTP server on a random local port that keeps what it receives: tests read the mail the product sent. */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface TReceivedMail {
  to: string[];
  raw: string;
  /** The message with quoted-printable soft breaks and escapes undone, for plain searches. */
  text: string;
}

/** Quoted-printable undone, its escaped bytes read as UTF-8 (the product writes Italian: «», è, à). */
export function decodeQuotedPrintable(raw: string): string {
  const bytes = raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/**
 * onMail, when given, also sees each message as it arrives (the e2e server files them for the browser tests); port, when
 * given, is where it listens (a test that stops the server starts it again where the product expects it); delayMs, when
 * given, is how long it takes to accept each message (a slow relay, for the shutdown tests).
 */
export async function startSmtpServer(
  onMail?: (mail: TReceivedMail) => void,
  listenOn = 0,
  { delayMs = 0 }: { delayMs?: number } = {},
) {
  const received: TReceivedMail[] = [];
  const pace = { delayMs };
  const server = new SMTPServer({
    authOptional: true,
    // The product keeps its connections open (a pool): closing ends them at once rather than after 30 s.
    closeTimeout: 100,
    disabledCommands: ['STARTTLS'],
    // No reverse DNS of 127.0.0.1 for each connection: it costs the tests seconds and tells them nothing.
    disableReverseLookup: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const mail = { to: session.envelope.rcptTo.map((r) => r.address), raw, text: decodeQuotedPrintable(raw) };
        const accept = () => {
          received.push(mail);
          onMail?.(mail);
          callback();
        };
        if (pace.delayMs) setTimeout(accept, pace.delayMs);
        else accept();
      });
    },
  });
  // A client killed mid-send (the kill -9 tests) resets its connection, which smtp-server reports as an 'error' event:
  // a relay carries on, and without a listener the reset would be an uncaught exception in the test process.
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(listenOn, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** How long each message takes from now on (0: at once). */
    setDelay(ms: number) {
      pace.delayMs = ms;
    },
    /** The last mail sent to this address. */
    lastTo(address: string) {
      return [...received].reverse().find((m) => m.to.includes(address));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
    /** Stops at once, dropping the connections still open as a relay that goes down does (close() lets them finish). */
    abort: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const connection of server.connections) connection.close();
      }),
  };
}
export type TSmtp = Awaited<ReturnType<typeof startSmtpServer>>;
