/** /.well-known/security.txt (RFC 9116): whom to tell about a vulnerability, in which languages, until when (decision 056). */

/**
 * How far ahead Expires is. RFC 9116 asks for less than a year; the file is written on each request, so it never goes
 * stale while the server runs, and the contact it names is the configuration's.
 */
export const SECURITY_TXT_VALID_DAYS = 364;

/** The file's text: one field a line, in the RFC's syntax. */
export function securityTxt({ contact, publicUrl, now }: { contact: string; publicUrl: string; now: Date }): string {
  // Midnight UTC of today plus the days: the same text all day, so a cache and the reader agree.
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const expires = new Date(today + SECURITY_TXT_VALID_DAYS * 86_400_000).toISOString().replace('.000Z', 'Z');
  return [
    `Contact: ${contact}`,
    `Expires: ${expires}`,
    'Preferred-Languages: it, en',
    `Canonical: ${publicUrl}/.well-known/security.txt`,
    '',
  ].join('\n');
}
