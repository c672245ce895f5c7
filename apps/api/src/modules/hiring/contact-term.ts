/**
 * How long an owner sees an applicant's contact data (docs/decisions/067): the phone, the residence and the CV, while
 * the application is waiting (`sent`, `seen`) or `accepted`, and until CONTACT_RETENTION_DAYS after the offer's last
 * day, or after the application's last change of status when the offer has no last day. No SQL: computed from the
 * row the list already reads and the app's clock.
 */
import { addDays, type TApplicationStatus, todayInItaly } from '@farmaponte/shared';

export type TContactHidden = 'application_closed' | 'period_ended';

export interface TContactTerm {
  /** The last Italian day the contact data are shown (YYYY-MM-DD), while they are. */
  until: string | null;
  hidden: TContactHidden | null;
}

const WITH_CONTACT: readonly TApplicationStatus[] = ['sent', 'seen', 'accepted'];

/**
 * The last day shown after an offer's last day: a page of applications has few distinct last days, and each sum is
 * kept (at most 2,000, then all forgotten), so a row costs a lookup rather than a date's arithmetic.
 */
const shownUntil = new Map<string, string>();
function lastDayShown(lastDay: string, retentionDays: number): string {
  const key = `${lastDay}+${retentionDays}`;
  let until = shownUntil.get(key);
  if (until === undefined) {
    if (shownUntil.size >= 2_000) shownUntil.clear();
    until = addDays(lastDay, retentionDays);
    shownUntil.set(key, until);
  }
  return until;
}

type TTermRow = { status: TApplicationStatus; statusChangedAt: Date; dateTo: string | null };

/** `today` is Italy's day at `now`; a list passes it once for all its rows. */
export function contactTerm(
  application: TTermRow,
  now: Date,
  retentionDays: number,
  today: string = todayInItaly(now),
): TContactTerm {
  if (!WITH_CONTACT.includes(application.status)) return { until: null, hidden: 'application_closed' };
  const until = lastDayShown(application.dateTo ?? todayInItaly(application.statusChangedAt), retentionDays);
  return today <= until ? { until, hidden: null } : { until: null, hidden: 'period_ended' };
}

/**
 * The same rule for an answer about a person rather than one application (the owner's favourites, the CV link without
 * an application): their contact data are shown while any of their applications to the owner's offers shows them;
 * else hidden, for the reason of the most recent one (`applications` newest first), or `application_closed` with none.
 */
export function contactTermOfPerson(
  applications: readonly TTermRow[],
  now: Date,
  retentionDays: number,
  today: string = todayInItaly(now),
): TContactTerm & { through: number } {
  let first: (TContactTerm & { through: number }) | undefined;
  for (const [index, application] of applications.entries()) {
    const term = contactTerm(application, now, retentionDays, today);
    if (term.hidden === null) return { ...term, through: index };
    first ??= { ...term, through: -1 };
  }
  return first ?? { until: null, hidden: 'application_closed', through: -1 };
}
