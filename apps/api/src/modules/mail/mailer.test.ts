/**
 * SMTP_URL read by us (decision 085), as nodemailer reads a connection URL, so the pool is built through
 * nodemailer.createTransport's public options: the mails themselves go through a real SMTP server in outbox.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { smtpOptionsFromUrl } from './mailer';

describe('SMTP_URL', () => {
  it('gives the host, the port, plain SMTP and no login for smtp://host:port', () => {
    expect(smtpOptionsFromUrl('smtp://mail.example.it:587')).toEqual({ secure: false, host: 'mail.example.it', port: 587 });
  });

  it('gives TLS from the start for smtps://, with the user and password decoded', () => {
    expect(smtpOptionsFromUrl('smtps://avvisi%40farmaponte.it:p%40ss%3Aw0rd@mail.example.it')).toEqual({
      secure: true,
      host: 'mail.example.it',
      auth: { user: 'avvisi@farmaponte.it', pass: 'p@ss:w0rd' },
    });
  });

  it('takes query options, numbers and true/false as such, tls.* into tls, other dotted names not', () => {
    expect(
      smtpOptionsFromUrl('smtp://127.0.0.1:2525?requireTLS=true&tls.rejectUnauthorized=false&maxMessages=50&x.y=1&name=fp'),
    ).toEqual({
      secure: false,
      host: '127.0.0.1',
      port: 2525,
      requireTLS: true,
      tls: { rejectUnauthorized: false },
      maxMessages: 50,
      name: 'fp',
    });
  });

  it('keeps the scheme and the port over the same names in the query, and an IPv6 host without brackets', () => {
    expect(smtpOptionsFromUrl('smtp://[::1]:2525?secure=true&port=25')).toEqual({ secure: false, host: '::1', port: 2525 });
  });
});
