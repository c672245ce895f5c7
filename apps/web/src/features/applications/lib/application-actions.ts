/**
 * What a pharmacist or an owner may do with an application now, as the server decides it (docs/rules.md#applications):
 * the cards show only the buttons the server would take.
 */
import type { TReceivedApplication, TSentApplication } from '@farmaponte/shared';
import { todayInItaly } from '@farmaponte/shared/dates';

export type TDecisionKind = 'accept' | 'reject' | 'cancel';

export function isWaiting(application: TReceivedApplication): boolean {
  return application.status === 'sent' || application.status === 'seen';
}

export function decisionsFor(application: TReceivedApplication): TDecisionKind[] {
  if (isWaiting(application)) return application.offer.status === 'expired' ? ['reject'] : ['accept', 'reject'];
  // An accepted shift is cancelled until its last day; after it, 'Non si è presentato' says it did not happen.
  if (application.status === 'accepted') return application.offer.status === 'expired' ? [] : ['cancel'];
  return [];
}

/**
 * An application may be withdrawn while it is not rejected (and not already withdrawn), an accepted one until its
 * shift's last day (the server answers 409 `shift_over` after it).
 */
export const canWithdraw = (application: TSentApplication, today = todayInItaly(new Date())) =>
  application.status !== 'rejected' &&
  application.status !== 'withdrawn' &&
  !(application.status === 'accepted' && application.offer.date_to !== null && application.offer.date_to < today);
