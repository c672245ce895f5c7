/** The small page an unsubscribe link opens (no login, no JavaScript): a question and a button, then the answer. */
import { MESSAGES, NOTIFICATION_TYPE_LABELS, type TNotificationType } from '@farmaponte/shared';
import { escapeHtml } from '../../lib/html';

function page(body: string): string {
  return `<!doctype html><html lang="it"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="data:,"><title>Farmaponte</title></head><body><main><h1>Farmaponte</h1>${body}</main></body></html>`;
}

export function unsubscribeQuestionPage(type: TNotificationType, token: string): string {
  const label = NOTIFICATION_TYPE_LABELS[type];
  // Leaving the alerts withdraws the communication consent (decision 066): the page says so before the click.
  const consent = type === 'offer_alert' ? `<p>${escapeHtml(MESSAGES.unsubscribeAlertsWithdrawConsent)}</p>` : '';
  return page(
    `<p>${escapeHtml(MESSAGES.unsubscribeConfirm(label))}</p>${consent}<form method="post" action="?token=${encodeURIComponent(token)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">${escapeHtml(MESSAGES.unsubscribeButton)}</button></form>`,
  );
}

export function unsubscribeDonePage(type: TNotificationType): string {
  const consent = type === 'offer_alert' ? `<p>${escapeHtml(MESSAGES.unsubscribeConsentWithdrawn)}</p>` : '';
  return page(`<p>${escapeHtml(MESSAGES.unsubscribeDone(NOTIFICATION_TYPE_LABELS[type]))}</p>${consent}`);
}

export function unsubscribeInvalidPage(): string {
  return page(`<p>${escapeHtml(MESSAGES.unsubscribeInvalid)}</p>`);
}
