/** The admin audit log's reads and its pruning (docs/decisions/061); entries are written only by record.ts. */
import { MAX_ID, type TAuditAction, type TAuditLogEntry, type TAuditQuery } from '@farmaponte/shared';
import { and, count, desc, eq, gte, inArray, like, lt, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { auditLog, users } from '../../db/schema';
import { containsPattern } from '../../lib/sql';

const DAY_MS = 86_400_000;

/** A person filter names an id when it is digits only; anything else is a part of an e-mail address. */
function personId(value: string): number | undefined {
  return /^\d+$/.test(value) ? Number(value) : undefined;
}

/** An id beyond PostgreSQL's integer range names nobody (and must not reach the database as one). */
const idCondition = (column: typeof auditLog.actorId | typeof auditLog.targetUserId, id: number) =>
  id <= MAX_ID ? eq(column, id) : sql`false`;

/** The Italian midnight that starts a day (YYYY-MM-DD), so the indexed `at` is compared as it is. */
const startOfItalianDay = (day: string) => sql`(${day}::date::timestamp at time zone 'Europe/Rome')`;
const endOfItalianDay = (day: string) => sql`((${day}::date + 1)::timestamp at time zone 'Europe/Rome')`;

function actorCondition(actor: string | undefined) {
  if (!actor) return undefined;
  const id = personId(actor);
  if (id !== undefined) return idCondition(auditLog.actorId, id);
  // The e-mail as it was when the admin acted: the log outlives accounts.
  return like(sql`lower(${auditLog.actorEmail})`, containsPattern(actor.toLowerCase()));
}

function targetCondition(target: string | undefined) {
  if (!target) return undefined;
  const id = personId(target);
  if (id !== undefined) return idCondition(auditLog.targetUserId, id);
  // By e-mail through the user's account, which an erased user no longer has: such entries are found by id.
  return inArray(
    auditLog.targetUserId,
    sql`(select ${users.id} from ${users} where lower(${users.email}) like ${containsPattern(target.toLowerCase())})`,
  );
}

function listConditions(query: TAuditQuery) {
  return and(
    actorCondition(query.actor),
    query.action ? eq(auditLog.action, query.action) : undefined,
    targetCondition(query.target_user),
    query.from ? gte(auditLog.at, startOfItalianDay(query.from)) : undefined,
    query.to ? lt(auditLog.at, endOfItalianDay(query.to)) : undefined,
  );
}

/** One page of the log, newest first, with the count of all the entries that match the filters. */
export async function listAuditLog(db: TDb, query: TAuditQuery): Promise<{ count: number; results: TAuditLogEntry[] }> {
  const where = listConditions(query);
  const [[total], rows] = await Promise.all([
    db.select({ n: count() }).from(auditLog).where(where),
    db
      .select({
        id: auditLog.id,
        at: auditLog.at,
        actorId: auditLog.actorId,
        actorEmail: auditLog.actorEmail,
        action: auditLog.action,
        targetUserId: auditLog.targetUserId,
        targetEmail: users.email,
        targetType: auditLog.targetType,
        targetId: auditLog.targetId,
        details: auditLog.details,
      })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.targetUserId))
      .where(where)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
  ]);
  return {
    count: Number(total?.n ?? 0),
    results: rows.map((r) => ({
      id: r.id,
      at: r.at.toISOString(),
      actor: { id: r.actorId, email: r.actorEmail },
      action: r.action as TAuditAction,
      target_user: r.targetUserId === null ? null : { id: r.targetUserId, email: r.targetEmail ?? null },
      target_type: r.targetType,
      target_id: r.targetId,
      details: (r.details ?? {}) as Record<string, unknown>,
    })),
  };
}

/** Entries deleted per statement, so one prune never holds the table (or PGlite) for long. */
const PRUNE_BATCH = 5_000;

/** Deletes the entries older than `retentionDays` before `now`, in batches; answers how many went. */
export async function pruneAuditLog(db: TDb, now: Date, retentionDays: number, signal?: AbortSignal): Promise<number> {
  const before = new Date(now.getTime() - retentionDays * DAY_MS);
  let deleted = 0;
  for (;;) {
    signal?.throwIfAborted();
    const rows = await db
      .delete(auditLog)
      .where(
        inArray(auditLog.id, db.select({ id: auditLog.id }).from(auditLog).where(lt(auditLog.at, before)).limit(PRUNE_BATCH)),
      )
      .returning({ id: auditLog.id });
    deleted += rows.length;
    if (rows.length < PRUNE_BATCH) return deleted;
  }
}
