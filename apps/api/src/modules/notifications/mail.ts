/** A notification as an e-mail: Italian plain text and HTML, the link to its page, and the one-click unsubscribe (RFC 8058). */
import { MAIL_TEXT, NOTIFICATION_TYPE_LABELS, type TNotificationType } from '@farmaponte/shared';
import { escapeHtml } from '../../lib/html';

export function notificationMail(input: {
  type: TNotificationType;
  title: string;
  body: string;
  message: string | null;
  /** What the message is introduced by: the owner's unless said (a pharmacist's reason for declining). */
  messageLabel?: string;
  lines?: string[];
  pageUrl: string;
  unsubscribeUrl: string;
  /** The iTIP method of the attached event (REQUEST: added, CANCEL: removed), or null without one. */
  calendar: string | null;
}) {
  const label = NOTIFICATION_TYPE_LABELS[input.type];
  const messageLabel = input.messageLabel ?? MAIL_TEXT.ownerMessage;
  const message = input.message ? [messageLabel, input.message] : [];
  const lines = input.lines ?? [];
  const calendar = calendarSentence(input.calendar);
  const text = [
    MAIL_TEXT.greeting,
    '',
    input.body,
    ...(message.length ? ['', ...message] : []),
    ...(lines.length ? ['', MAIL_TEXT.alertOffers, ...lines.map((line) => `- ${line}`)] : []),
    ...(calendar ? ['', calendar] : []),
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
      ? `<p>${escapeHtml(messageLabel)}</p><blockquote>${escapeHtml(input.message).replace(/\n/g, '<br>')}</blockquote>`
      : '',
    lines.length
      ? `<p>${escapeHtml(MAIL_TEXT.alertOffers)}</p><ul>${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>`
      : '',
    calendar ? `<p>${escapeHtml(calendar)}</p>` : '',
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

/** What the mail says of its calendar part: an event to add, or the cancellation of one. */
function calendarSentence(method: string | null): string | null {
  if (!method) return null;
  return method === 'CANCEL' ? MAIL_TEXT.calendarCancelled : MAIL_TEXT.calendarAttached;
}

/**
 * A mail that only carries a calendar update (the pharmacist's own withdrawal of an accepted shift): no notification
 * type, so no unsubscribe link; the calendar would otherwise keep a shift that is off.
 */
export function calendarOnlyMail(input: { title: string; body: string; pageUrl: string }) {
  const sentence = MAIL_TEXT.calendarCancelled;
  const text = [
    MAIL_TEXT.greeting,
    '',
    input.body,
    '',
    sentence,
    '',
    `${MAIL_TEXT.open}: ${input.pageUrl}`,
    '',
    MAIL_TEXT.signature,
  ].join('\n');
  const html = [
    `<p>${escapeHtml(MAIL_TEXT.greeting)}</p>`,
    `<p>${escapeHtml(input.body)}</p>`,
    `<p>${escapeHtml(sentence)}</p>`,
    `<p><a href="${escapeHtml(input.pageUrl)}">${escapeHtml(MAIL_TEXT.open)}</a></p>`,
    `<p>${escapeHtml(MAIL_TEXT.signature)}</p>`,
  ].join('');
  return { subject: `Farmaponte: ${input.title}`, text, html };
}
