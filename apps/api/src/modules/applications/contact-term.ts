/**
 * How long an owner sees an applicant's contact data (docs/decisions/067): the phone, the residence and the CV, while
 * the application is waiting (`sent`, `seen`) or `accepted`, and until CONTACT_RETENTION_DAYS after the offer's last
 * day, or after the application's last change of status when the offer has no last day. No SQL: computed from the
 * row the list already reads and the app's clock.
 */
import { type TApplicationStatus, todayInItaly } from '@farmaponte/shared';

export type TContactHidden = 'application_closed' | 'period_ended';

export interface TContactTerm {
  /** The last Italian day the contact data are shown (YYYY-MM-DD), while they are. */
  until: string | null;
  hidden: TContactHidden | null;
}

const WITH_CONTACT: readonly TApplicationStatus[] = ['sent', 'seen', 'accepted'];

/** An ISO day plus whole calendar days. */
function addDays(isoDate: string, days: number): string {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

export function contactTerm(
  application: { status: TApplicationStatus; statusChangedAt: Date; dateTo: string | null },
  now: Date,
  retentionDays: number,
): TContactTerm {
  if (!WITH_CONTACT.includes(application.status)) return { until: null, hidden: 'application_closed' };
  const until = addDays(application.dateTo ?? todayInItaly(application.statusChangedAt), retentionDays);
  return todayInItaly(now) <= until ? { until, hidden: null } : { until: null, hidden: 'period_ended' };
}
