/**
 * One thread per application (decision 072, docs/rules.md#messages): only the applicant and the offer's owner read and
 * write it; reading marks the other side's messages read; a new message tells the other side live at once, and in the
 * bell and by e-mail at most once per thread and recipient every LIMITS.messageMailEveryMinutes.
 */
import {
  formatDateTime,
  LIMITS,
  MAIL_TEXT,
  THREAD_MESSAGES,
  type TMessagesQuery,
  type TMessagesUnread,
  type TThread,
  type TThreadMessage,
} from '@farmaponte/shared';
import { and, asc, count, desc, eq, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { TDb } from '../../db/client';
import { applications, messageMailMarks, messages, offers, profiles } from '../../db/schema';
import { conflict, notFound } from '../../lib/errors';
import type { TEvents } from '../../lib/event-bus';
import { type TCounterStore, takeQuota } from '../../lib/limiter';
import { preparedRows } from '../../lib/prepared-rows';
import { isForeignKeyViolation } from '../../lib/sql';
import { writeTransaction } from '../../lib/transactions';
import { isThreadOpen, threadClosesAt } from './thread-window';

const ownerProfiles = alias(profiles, 'owner_profiles');
const applicantProfiles = alias(profiles, 'applicant_profiles');

/** Messages one account may write an hour, all threads together: tries count, like every write quota (decision 020). */
export function takeMessageQuota(counters: TCounterStore, userId: number) {
  return takeQuota(counters, `messages:${userId}`, {
    max: LIMITS.messagesPerHour,
    windowMs: LIMITS.quotaWindowMs,
    message: THREAD_MESSAGES.messagesPerHourLimit,
    code: 'message_quota',
  });
}

/** The thread of an application as `userId` sees it; 404 unless they are its applicant or its offer's owner. */
async function threadOf(db: TDb, applicationId: number, userId: number) {
  const [row] = await db
    .select({
      applicationId: applications.id,
      offerId: applications.offerId,
      status: applications.status,
      statusChangedAt: applications.statusChangedAt,
      farmacistaId: applications.farmacistaId,
      ownerId: offers.ownerId,
      title: offers.title,
      dateTo: offers.dateTo,
      pharmacy: ownerProfiles.denominazioneFarmacia,
      name: applicantProfiles.name,
      surname: applicantProfiles.surname,
    })
    .from(applications)
    .innerJoin(offers, eq(offers.id, applications.offerId))
    .leftJoin(ownerProfiles, eq(ownerProfiles.userId, offers.ownerId))
    .leftJoin(applicantProfiles, eq(applicantProfiles.userId, applications.farmacistaId))
    .where(and(eq(applications.id, applicationId), or(eq(applications.farmacistaId, userId), eq(offers.ownerId, userId))));
  // Someone else's application is as good as missing (another pharmacist, another owner, an admin).
  if (!row) throw notFound();
  const applicant = `${row.name ?? ''} ${row.surname ?? ''}`.trim();
  const isApplicant = row.farmacistaId === userId;
  const closesAt = threadClosesAt(row);
  return {
    ...row,
    closesAt,
    isApplicant,
    otherId: isApplicant ? row.ownerId : row.farmacistaId,
    /** How the reader knows the other side, and how the other side knows the reader. */
    otherName: isApplicant ? (row.pharmacy ?? '') : applicant,
    readerName: isApplicant ? applicant : (row.pharmacy ?? ''),
  };
}

const messagesPath = (applicationId: number) => `/api/applications/${applicationId}/messages/`;

/**
 * A page of the thread, newest last: the newest messages, or those before the message `before`. Reading the newest page
 * marks the other side's messages to the reader read, and tells both sides live (unread counts, 'Letto').
 */
export async function readThread(
  db: TDb,
  events: TEvents,
  userId: number,
  applicationId: number,
  { before, page_size }: TMessagesQuery,
  now: Date,
): Promise<TThread> {
  const thread = await threadOf(db, applicationId, userId);
  if (before === undefined) {
    const marked = await db
      .update(messages)
      .set({ readAt: now })
      .where(and(eq(messages.applicationId, applicationId), eq(messages.recipientId, userId), isNull(messages.readAt)))
      .returning({ id: messages.id });
    if (marked.length)
      await events.record(db, { type: 'messages.read', applicationId, readerId: userId, otherId: thread.otherId });
  }
  const rows = await db
    .select({
      id: messages.id,
      body: messages.body,
      authorId: messages.authorId,
      actorName: messages.actorName,
      readAt: messages.readAt,
      createdAt: messages.createdAt,
    })
    .from(messages)
    .where(and(eq(messages.applicationId, applicationId), before === undefined ? undefined : lt(messages.id, before)))
    .orderBy(desc(messages.id))
    .limit(page_size + 1);
  const page = rows.slice(0, page_size).reverse();
  const first = page[0];
  return {
    application_id: applicationId,
    offer_title: thread.title,
    other_name: thread.otherName,
    other_id: thread.otherId,
    open: isThreadOpen(thread.closesAt, now),
    closes_at: thread.closesAt?.toISOString() ?? null,
    results: page.map((row) => toMessage(row, userId)),
    older: rows.length > page_size && first ? `${messagesPath(applicationId)}?before=${first.id}&page_size=${page_size}` : null,
  };
}

function toMessage(
  row: { id: number; body: string; authorId: number; actorName: string | null; readAt: Date | null; createdAt: Date },
  readerId: number,
): TThreadMessage {
  return {
    id: row.id,
    body: row.body,
    mine: row.authorId === readerId,
    read: row.readAt !== null,
    created_at: row.createdAt.toISOString(),
    author_name: row.actorName,
  };
}

/**
 * Writes a message (docs/rules.md#messages). Lock order: the offer FOR SHARE first (a decision, a deletion or a close
 * of the offer waits for the message, or the message for them: a deleted offer is then 404), then the rows that refer
 * to the application (the message, the thread's mail mark, the notification and its mail). The mail mark is claimed
 * with one upsert that only moves a mark older than the window: of two messages at once, the second waits for the
 * first's mark and finds it fresh, so the recipient gets one mail (and one notification in the bell), not two.
 */
export async function postMessage(
  db: TDb,
  events: TEvents,
  authorId: number,
  applicationId: number,
  body: string,
  now: Date,
  actorName: string | null = null,
): Promise<TThreadMessage> {
  try {
    return await writeTransaction(db, async (tx) => {
      const found = await threadOf(tx, applicationId, authorId);
      const [held] = await tx.select({ id: offers.id }).from(offers).where(eq(offers.id, found.offerId)).for('share');
      // The offer (and with it the application and its thread) was deleted while this waited.
      if (!held) throw notFound();
      // Read again under the offer's lock: a decision or a withdrawal committed meanwhile may have closed the thread.
      const thread = await threadOf(tx, applicationId, authorId);
      if (!isThreadOpen(thread.closesAt, now)) throw conflict(THREAD_MESSAGES.threadClosed, 'thread_closed');
      const [created] = await tx
        .insert(messages)
        .values({ applicationId, authorId, recipientId: thread.otherId, body, actorName, createdAt: now })
        .returning({
          id: messages.id,
          body: messages.body,
          authorId: messages.authorId,
          actorName: messages.actorName,
          readAt: messages.readAt,
          createdAt: messages.createdAt,
        });
      if (!created) throw notFound();
      const quietSince = new Date(now.getTime() - LIMITS.messageMailEveryMinutes * 60_000);
      const claimed = await tx
        .insert(messageMailMarks)
        .values({ applicationId, userId: thread.otherId, mailedAt: now })
        .onConflictDoUpdate({
          target: [messageMailMarks.applicationId, messageMailMarks.userId],
          set: { mailedAt: now },
          setWhere: lte(messageMailMarks.mailedAt, quietSince),
        })
        .returning({ userId: messageMailMarks.userId });
      // The bell and the mail once a quiet spell (the notifications' subscriber); live to both sides' open pages always.
      await events.record(tx, {
        type: 'message.posted',
        messageId: created.id,
        applicationId,
        authorId,
        recipientId: thread.otherId,
        tell: claimed.length > 0,
      });
      return toMessage(created, authorId);
    });
  } catch (error) {
    // The other side's account was erased while this waited: the thread went with it.
    if (isForeignKeyViolation(error)) throw notFound();
    throw error;
  }
}

/**
 * The owner's message written with a decision on an application (accepting, rejecting, cancelling) opens or continues
 * its thread, in the decision's transaction, written by the owner to the applicant. The decision's own notification
 * and mail already carry the words, so this one tells nobody else: it marks the thread as mailed now (a message the
 * owner adds within the quiet spell does not mail again) and reaches both sides' open pages live.
 */
export async function recordDecisionMessage(
  tx: TDb,
  events: TEvents,
  {
    applicationId,
    ownerId,
    applicantId,
    body,
    now,
    actorName = null,
  }: { applicationId: number; ownerId: number; applicantId: number; body: string; now: Date; actorName?: string | null },
): Promise<void> {
  const [created] = await tx
    .insert(messages)
    .values({ applicationId, authorId: ownerId, recipientId: applicantId, body, actorName, createdAt: now })
    .returning({ id: messages.id });
  await tx
    .insert(messageMailMarks)
    .values({ applicationId, userId: applicantId, mailedAt: now })
    .onConflictDoUpdate({ target: [messageMailMarks.applicationId, messageMailMarks.userId], set: { mailedAt: now } });
  if (created)
    await events.record(tx, {
      type: 'message.posted',
      messageId: created.id,
      applicationId,
      authorId: ownerId,
      recipientId: applicantId,
      tell: false,
    });
}

/** The reader's unread messages, in all and by application (one read of the partial index on unread messages). */
export async function unreadMessages(db: TDb, userId: number): Promise<TMessagesUnread> {
  const rows = await preparedRows(
    db,
    'unread_messages_by_application',
    () =>
      db
        .select({ applicationId: messages.applicationId, n: count() })
        .from(messages)
        .where(and(eq(messages.recipientId, sql.placeholder('userId')), isNull(messages.readAt)))
        .groupBy(messages.applicationId)
        .orderBy(asc(messages.applicationId)),
    { userId },
  );
  const byApplication = rows.map((row) => ({ application_id: row.applicationId, count: Number(row.n) }));
  return { total: byApplication.reduce((sum, row) => sum + row.count, 0), by_application: byApplication };
}

/** The reader's unread messages in all (the bell's page carries it: GET /api/notifications/). */
export async function unreadMessageTotal(db: TDb, userId: number): Promise<number> {
  const [row] = await preparedRows(
    db,
    'unread_message_total',
    () =>
      db
        .select({ n: count() })
        .from(messages)
        .where(and(eq(messages.recipientId, sql.placeholder('userId')), isNull(messages.readAt))),
    { userId },
  );
  return Number(row?.n ?? 0);
}

/**
 * 'Segnala' on a message: the message as the admins' desk reads it, when `authorId` wrote it to `reporterId`;
 * undefined otherwise (someone else's thread, the reporter's own message), which the report answers as not found.
 */
export async function reportedMessage(
  db: TDb,
  messageId: number,
  reporterId: number,
  authorId: number,
): Promise<string | undefined> {
  const [row] = await db
    .select({ body: messages.body, createdAt: messages.createdAt })
    .from(messages)
    .where(and(eq(messages.id, messageId), eq(messages.recipientId, reporterId), eq(messages.authorId, authorId)));
  return row ? MAIL_TEXT.reportedMessage(formatDateTime(row.createdAt.toISOString()), row.body) : undefined;
}

/** The messages a user wrote, oldest first, for their data export (decision 066): the other side's stay theirs. */
export async function messagesWrittenBy(db: TDb, userId: number) {
  const rows = await db
    .select({
      applicationId: messages.applicationId,
      offerTitle: offers.title,
      body: messages.body,
      createdAt: messages.createdAt,
      readAt: messages.readAt,
    })
    .from(messages)
    .innerJoin(applications, eq(applications.id, messages.applicationId))
    .innerJoin(offers, eq(offers.id, applications.offerId))
    .where(eq(messages.authorId, userId))
    .orderBy(asc(messages.id));
  return rows.map((row) => ({
    application_id: row.applicationId,
    offer_title: row.offerTitle,
    body: row.body,
    created_at: row.createdAt.toISOString(),
    read_at: row.readAt?.toISOString() ?? null,
  }));
}
