/**
 * When an application's thread stops taking messages (decision 072, docs/rules.md#messages). No SQL: the service reads
 * the application and its offer, this decides.
 */
import { addDays, endOfItalianDay, LIMITS, type TApplicationStatus } from '@farmaponte/shared';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The moment the thread closes, or null while nothing ends it. The earlier of: midnight in Rome at the end of the 30th
 * day after the offer's last day (an offer with one), and 30 days after the application was rejected or withdrawn (both
 * sides may still say goodbye meanwhile). An offer without a last day and an application still live (sent, seen,
 * accepted): open. A withdrawn application sent again is live again, and so is its thread.
 */
export function threadClosesAt(thread: {
  dateTo: string | null;
  status: TApplicationStatus;
  statusChangedAt: Date;
}): Date | null {
  const days = LIMITS.messageThreadOpenDaysAfterOffer;
  const candidates: number[] = [];
  if (thread.dateTo) candidates.push(new Date(endOfItalianDay(addDays(thread.dateTo, days))).getTime() + 1000);
  if (thread.status === 'rejected' || thread.status === 'withdrawn')
    candidates.push(thread.statusChangedAt.getTime() + days * DAY_MS);
  return candidates.length ? new Date(Math.min(...candidates)) : null;
}

export function isThreadOpen(closesAt: Date | null, now: Date): boolean {
  return closesAt === null || now.getTime() < closesAt.getTime();
}
