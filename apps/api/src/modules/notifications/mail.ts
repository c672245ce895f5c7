/** A notification as an e-mail: Italian plain text and HTML, the link to its page, and the one-click unsubscribe (RFC 8058). */
import { MAIL_TEXT, NOTIFICATION_TYPE_LABELS, type TNotificationType } from '@farmaponte/shared';
import { escapeHtml } from '../../lib/html';

export function notificationMail(input: {
  type: TNotificationType;
  title: string;
  body: string;
  message: string | null;
  lines?: string[];
  pageUrl: string;
  unsubscribeUrl: string;
  hasCalendar: boolean;
}) {
  const label = NOTIFICATION_TYPE_LABELS[input.type];
  const message = input.message ? [MAIL_TEXT.ownerMessage, input.message] : [];
  const lines = input.lines ?? [];
  const text = [
    MAIL_TEXT.greeting,
    '',
    input.body,
    ...(message.length ? ['', ...message] : []),
    ...(lines.length ? ['', MAIL_TEXT.alertOffers, ...lines.map((line) => `- ${line}`)] : []),
    ...(input.hasCalendar ? ['', MAIL_TEXT.calendarAttached] : []),
    '',
    `${MAIL_TEXT.open}: ${input.pageUrl}`,
    '',
    MAIL_TEXT.signature,
    '',
    '--',
    MAIL_TEXT.whyYouGetThis(label),
    `${MAIL_TEXT.unsubscribe}: ${input.unsubscribeUrl}`,
  ].join('\n');
  const html = [
    `<p>${escapeHtml(MAIL_TEXT.greeting)}</p>`,
    `<p>${escapeHtml(input.body)}</p>`,
    input.message
      ? `<p>${escapeHtml(MAIL_TEXT.ownerMessage)}</p><blockquote>${escapeHtml(input.message).replace(/\n/g, '<br>')}</blockquote>`
      : '',
    lines.length
      ? `<p>${escapeHtml(MAIL_TEXT.alertOffers)}</p><ul>${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>`
      : '',
    input.hasCalendar ? `<p>${escapeHtml(MAIL_TEXT.calendarAttached)}</p>` : '',
    `<p><a href="${escapeHtml(input.pageUrl)}">${escapeHtml(MAIL_TEXT.open)}</a></p>`,
    `<p>${escapeHtml(MAIL_TEXT.signature)}</p>`,
    `<hr><p><small>${escapeHtml(MAIL_TEXT.whyYouGetThis(label))} <a href="${escapeHtml(input.unsubscribeUrl)}">${escapeHtml(MAIL_TEXT.unsubscribe)}</a></small></p>`,
  ].join('');
  return {
    subject: `Farmaponte: ${input.title}`,
    text,
    html,
    headers: {
      'List-Unsubscribe': `<${input.unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

const icsDate = (isoDate: string) => isoDate.replace(/-/g, '');
const icsEscape = (text: string) => text.replace(/[\\;,]/g, (c) => `\\${c}`).replace(/\n/g, '\\n');

function dayAfter(isoDate: string): string {
  const date = new Date(`${isoDate}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/**
 * An all-day calendar event for an offer's days (Europe/Rome): the days are Italian calendar days, so they are written
 * as dates (VALUE=DATE), which every calendar shows on those days wherever the reader is. Null without dates.
 */
export function offerCalendarEvent(input: {
  uid: string;
  offerTitle: string;
  pharmacy: string;
  place: string;
  dateFrom: string | null;
  dateTo: string | null;
  url: string;
  now: Date;
}): string | null {
  const first = input.dateFrom ?? input.dateTo;
  if (!first) return null;
  const last = input.dateTo ?? first;
  const stamp = `${input.now.toISOString().replace(/[-:]/g, '').slice(0, 15)}Z`;
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Farmaponte//Offerte//IT',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'X-WR-TIMEZONE:Europe/Rome',
    'BEGIN:VEVENT',
    `UID:${input.uid}`,
    `DTSTAMP:${stamp}`,
    `DTSTART;VALUE=DATE:${icsDate(first)}`,
    `DTEND;VALUE=DATE:${icsDate(dayAfter(last))}`,
    `SUMMARY:${icsEscape(`${input.offerTitle} – ${input.pharmacy}`)}`,
    `LOCATION:${icsEscape(input.place)}`,
    `URL:${input.url}`,
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}
