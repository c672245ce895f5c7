/**
 * The pharmacist's albo check (decision 050): the `verifications` row that follows the declared entry (Ordine, date,
 * number), what the pharmacist reads of it, and the yearly re-check. The admin's decision is written elsewhere.
 */
import { LIMITS, type TAlboStatus } from '@farmaponte/shared';
import { and, asc, eq, inArray, lte } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { profiles, users, verifications } from '../../db/schema';
import type { TEvents } from '../../lib/event-bus';
import { writeTransaction } from '../../lib/transactions';

/** The albo entry as the profile row holds it. */
export interface TAlboEntry {
  ordineProvincia?: string | null;
  dataIscrizioneAlbo?: string | null;
  numeroIscrizioneAlbo?: string | null;
}

/** All three fields given: only then is the entry checked (one or two are kept, decision 084). */
export function isDeclared(entry: TAlboEntry | undefined): boolean {
  return Boolean(entry?.ordineProvincia && entry.dataIscrizioneAlbo && entry.numeroIscrizioneAlbo);
}

const sameEntry = (a: TAlboEntry, b: TAlboEntry) =>
  a.ordineProvincia === b.ordineProvincia &&
  a.dataIscrizioneAlbo === b.dataIscrizioneAlbo &&
  a.numeroIscrizioneAlbo === b.numeroIscrizioneAlbo;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A new pharmacist's row, in the registration's transaction: none without an entry; pending with one, or already
 * verified for an account made checked (the factories, the demo: decision 046), due again in a year.
 */
export async function recordRegisteredAlboEntry(tx: TDb, userId: number, entry: TAlboEntry, verified: boolean, now: Date) {
  if (!isDeclared(entry)) return;
  await tx.insert(verifications).values(
    verified
      ? {
          userId,
          status: 'verified',
          requestedAt: now,
          decidedAt: now,
          recheckAt: new Date(now.getTime() + LIMITS.alboRecheckAfterDays * DAY_MS),
        }
      : { userId, status: 'pending', requestedAt: now },
  );
}

/**
 * Keeps the row in step with a profile save, in its transaction (after the user's row is locked: the lock order of
 * docs/architecture.md). A new or changed entry waits for an admin again, whatever was decided before (the admin
 * checks the entry as it is now); an entry taken away takes its row with it; an unchanged one leaves the row alone.
 */
export async function recordChangedAlboEntry(
  tx: TDb,
  userId: number,
  before: TAlboEntry | undefined,
  after: TAlboEntry,
  now: Date,
) {
  const wasDeclared = isDeclared(before);
  if (!isDeclared(after)) {
    if (wasDeclared) await tx.delete(verifications).where(eq(verifications.userId, userId));
    return;
  }
  if (wasDeclared && before && sameEntry(before, after)) return;
  const waiting = {
    status: 'pending' as const,
    reason: null,
    requestedAt: now,
    decidedAt: null,
    decidedBy: null,
    recheckAt: null,
  };
  await tx
    .insert(verifications)
    .values({ userId, ...waiting })
    .onConflictDoUpdate({ target: verifications.userId, set: waiting });
}

/** The entry's fields still empty, by their API names, in the form's order. */
function missingFields(entry: TAlboEntry | undefined): TAlboStatus['missing'] {
  const given = {
    ordine_provincia: entry?.ordineProvincia,
    data_iscrizione_albo: entry?.dataIscrizioneAlbo,
    numero_iscrizione_albo: entry?.numeroIscrizioneAlbo,
  };
  return (Object.keys(given) as TAlboStatus['missing']).filter((field) => !given[field]);
}

/**
 * The pharmacist's own check as GET /api/user/albo/ answers it: without a check, `incomplete` (with what is missing)
 * when some of the entry is there (decision 084), else `none`.
 */
export async function getAlboStatus(db: TDb, userId: number): Promise<TAlboStatus> {
  const [row] = await db.select().from(verifications).where(eq(verifications.userId, userId));
  const iso = (at: Date | null | undefined) => at?.toISOString() ?? null;
  let missing: TAlboStatus['missing'] = [];
  if (!row) {
    const [entry] = await db
      .select({
        ordineProvincia: profiles.ordineProvincia,
        dataIscrizioneAlbo: profiles.dataIscrizioneAlbo,
        numeroIscrizioneAlbo: profiles.numeroIscrizioneAlbo,
      })
      .from(profiles)
      .where(eq(profiles.userId, userId));
    missing = missingFields(entry);
  }
  const partial = !row && missing.length > 0 && missing.length < 3;
  return {
    status: row?.status ?? (partial ? 'incomplete' : 'none'),
    missing: partial ? missing : [],
    reason: row?.status === 'rejected' ? row.reason : null,
    requested_at: iso(row?.requestedAt),
    decided_at: iso(row?.decidedAt),
    recheck_at: iso(row?.recheckAt),
  };
}

/** How many rows one transaction of the re-check takes. */
const RECHECK_BATCH = 200;

/**
 * The yearly re-check (the `albo-recheck` job): every verified pharmacist whose `recheck_at` has come is pending again,
 * requested now, and told so (the register changes: suspensions, cancellations). In batches, each in its own
 * transaction with its notifications; between two the job stops when asked to.
 */
export async function recheckAlbo(db: TDb, events: TEvents, now: Date, signal: AbortSignal): Promise<{ checked: number }> {
  let checked = 0;
  for (;;) {
    if (signal.aborted) break;
    const done = await writeTransaction(db, async (tx) => {
      const due = await tx
        .select({ userId: verifications.userId })
        .from(verifications)
        .innerJoin(users, eq(users.id, verifications.userId))
        .where(and(eq(users.role, 'farmacista'), eq(verifications.status, 'verified'), lte(verifications.recheckAt, now)))
        .orderBy(asc(verifications.userId))
        .limit(RECHECK_BATCH)
        .for('update', { of: verifications });
      const ids = due.map((row) => row.userId);
      if (!ids.length) return 0;
      await tx
        .update(verifications)
        .set({ status: 'pending', reason: null, requestedAt: now, decidedAt: null, decidedBy: null, recheckAt: null })
        .where(inArray(verifications.userId, ids));
      await events.record(tx, { type: 'albo.recheck_due', userIds: ids });
      return ids.length;
    });
    checked += done;
    if (done < RECHECK_BATCH) break;
  }
  return { checked };
}
