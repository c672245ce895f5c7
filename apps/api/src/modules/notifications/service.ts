/**
 * Notifications: what reaches a user in the app (the bell) and, unless they turned that type off, by e-mail through
 * the outbox. notify() is called by the subscribers (subscribers/, decision 087) with the transaction of the change it
 * tells about, so both or neither are kept.
 */
import {
  isPushNotificationType,
  NOTIFICATION_TYPES,
  type TNotification,
  type TNotificationPreferences,
  type TNotificationPreferencesInput,
  type TNotificationsQuery,
  type TNotificationType,
} from '@farmaponte/shared';
import { and, count, desc, eq, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { notificationEmailOptOuts, notifications, users } from '../../db/schema';
import { deleteInBatches } from '../../lib/batched-delete';
import type { TEvents } from '../../lib/event-bus';
import { preparedRows } from '../../lib/prepared-rows';
import { writeTransaction } from '../../lib/transactions';
import { calendarMethod, enqueueMail, enqueueMails, type TOutboxMail } from '../mail';
import { enqueuePushes, type TQueuedPush } from '../push';
import { calendarOnlyMail, notificationMail } from './mail';
import { mailRecipientsOfMany } from './recipients';
import type { TUnsubscribeTokens } from './unsubscribe-token';

export interface TNotificationEvent {
  userId: number;
  type: TNotificationType;
  title: string;
  body: string;
  /** The web page it is about, as a path (`/mie_candidature`). */
  link: string;
  /** The owner's message, shown in the e-mail under the sentence. */
  message?: string | null;
  /** What the e-mail says above `message` ('Messaggio del titolare:' unless told). */
  messageLabel?: string;
  /** A last line of the e-mail's text, before the link. */
  note?: string;
  /** An iCalendar event for the e-mail: the shift's invitation (acceptance) or its cancellation (decision 052). */
  ics?: string | null;
  /** Lines listed in the e-mail under the sentence (an alert's offers). */
  lines?: string[];
  /** False: only in the app, no e-mail (an alert to a user without communicationConsent). */
  email?: boolean;
  /**
   * Pushed to the user's browsers too (decision 096). Unset: as the type says (`pushByDefault`); an owner's
   * `application_received` only when the hiring subscriber sets it (the offer is urgent).
   */
  push?: boolean;
  /** Pushed as urgent: woken at once and kept by the push service for hours, not a day (an urgent shift's news). */
  urgent?: boolean;
}

/** Whether a notification goes to the browsers too (decision 096): the pushed types, an owner's application only when asked. */
export function pushWanted(event: Pick<TNotificationEvent, 'type' | 'push'>): boolean {
  if (!isPushNotificationType(event.type)) return false;
  return event.push ?? event.type !== 'application_received';
}

export interface TNotifier {
  /** Records the notification and queues its e-mail; pass the transaction of the change. */
  notify(db: TDb, event: TNotificationEvent): Promise<void>;
  /** notify() for many events, a batch at a time in a few statements (an urgent shift's thousands, decision 096). */
  notifyMany(db: TDb, events: TNotificationEvent[]): Promise<void>;
  /** The unsubscribe link for this user and type. */
  unsubscribeUrl(userId: number, type: TNotificationType): string;
  /** A web page's full address (PUBLIC_URL + path), for what leaves the site (calendar events). */
  pageUrl(link: string): string;
  /**
   * Queues a mail that only carries a calendar update, with no notification (the pharmacist's own withdrawal takes
   * the shift out of their calendar); pass the transaction of the change.
   */
  mailCalendar(
    db: TDb,
    mail: { userId: number; to: string; title: string; body: string; link: string; ics: string },
  ): Promise<void>;
}

/** How many notifications notifyMany writes in one round of statements. */
const NOTIFY_BATCH = 500;

export function createNotifier(options: {
  tokens: TUnsubscribeTokens;
  publicUrl: () => string;
  now: () => Date;
  events: TEvents;
}): TNotifier {
  const unsubscribeUrl = (userId: number, type: TNotificationType) =>
    `${options.publicUrl()}/api/notifications/unsubscribe/?token=${encodeURIComponent(options.tokens.sign(userId, type))}`;
  const pageUrl = (link: string) => `${options.publicUrl()}${link}`;

  /**
   * What a notification is, for one event or thousands (an urgent shift's, decision 096), a batch at a time in a few
   * statements: the bell's rows, the live streams' events, the opt-outs, the recipients and the outbox's mails. Every
   * step a notification takes belongs here, so notify() and a batch never differ.
   */
  async function notifyMany(db: TDb, events: TNotificationEvent[]): Promise<void> {
    for (let start = 0; start < events.length; start += NOTIFY_BATCH) {
      const batch = events.slice(start, start + NOTIFY_BATCH);
      const now = options.now();
      await db.insert(notifications).values(
        batch.map((event) => ({
          userId: event.userId,
          type: event.type,
          title: event.title,
          body: event.body,
          link: event.link,
          createdAt: now,
        })),
      );
      // The bell of the user's open pages updates once the change is committed (GET /api/events/, decision 072).
      for (const event of batch) await options.events.record(db, { type: 'notification.created', userId: event.userId });
      const pushed = batch.filter(pushWanted);
      const mailed = batch.filter((event) => event.email !== false);
      if (!pushed.length && !mailed.length) continue;
      const userIds = [...new Set(mailed.map((event) => event.userId))];
      const optedOut = new Set(
        (userIds.length === 0
          ? []
          : await db
              .select({ userId: notificationEmailOptOuts.userId, type: notificationEmailOptOuts.type })
              .from(notificationEmailOptOuts)
              .where(
                and(
                  inArray(notificationEmailOptOuts.userId, userIds),
                  inArray(notificationEmailOptOuts.type, [...new Set(mailed.map((event) => event.type))]),
                ),
              )
        ).map((row) => `${row.userId}:${row.type}`),
      );
      const toMail = mailed.filter((event) => !optedOut.has(`${event.userId}:${event.type}`));
      // A pharmacy's mail and pushes go to the people of its staff who are told (decision 089); anyone else's to them.
      const recipients = await mailRecipientsOfMany(db, [...new Set([...pushed, ...toMail].map((event) => event.userId))]);
      // The pushes first, in this transaction (decision 096): one per browser of each person who has not turned the type off.
      await enqueuePushes(
        db,
        pushed.map(
          (event): TQueuedPush => ({
            userIds: (recipients.get(event.userId) ?? []).map((person) => person.userId),
            payload: {
              type: event.type,
              title: event.title,
              body: event.body,
              url: event.link,
              tag: `${event.type}:${event.link}`,
            },
            urgent: event.urgent ?? event.type === 'urgent_shift',
          }),
        ),
        now,
      );
      const mails: TOutboxMail[] = [];
      for (const event of toMail) {
        const people = recipients.get(event.userId) ?? [];
        if (!people.length) continue;
        const mail = notificationMail({
          type: event.type,
          title: event.title,
          body: event.body,
          message: event.message ?? null,
          messageLabel: event.messageLabel,
          note: event.note,
          lines: event.lines ?? [],
          pageUrl: pageUrl(event.link),
          unsubscribeUrl: unsubscribeUrl(event.userId, event.type),
          calendar: event.ics ? calendarMethod(event.ics) : null,
        });
        for (const person of people) mails.push({ userId: event.userId, to: person.email, ...mail, ics: event.ics ?? undefined });
      }
      await enqueueMails(db, mails, now);
    }
  }

  return {
    unsubscribeUrl,
    pageUrl,
    async mailCalendar(db, { userId, to, title, body, link, ics }) {
      await enqueueMail(db, { userId, to, ...calendarOnlyMail({ title, body, pageUrl: pageUrl(link) }), ics }, options.now());
    },
    notify(db, event) {
      return notifyMany(db, [event]);
    },
    notifyMany,
  };
}

/** One page of a user's notifications, newest first, with the total and the unread count. */
export async function listNotifications(
  db: TDb,
  userId: number,
  { page, page_size }: TNotificationsQuery,
): Promise<{ count: number; unread: number; results: TNotification[] }> {
  // Named statements (lib/prepared-rows.ts): planned once per connection, not on every opening of the bell.
  const [rows, [totals]] = await Promise.all([
    preparedRows(
      db,
      'notifications_page',
      () =>
        db
          .select({
            id: notifications.id,
            type: notifications.type,
            title: notifications.title,
            body: notifications.body,
            link: notifications.link,
            readAt: notifications.readAt,
            createdAt: notifications.createdAt,
          })
          .from(notifications)
          .where(eq(notifications.userId, sql.placeholder('userId')))
          .orderBy(desc(notifications.createdAt), desc(notifications.id))
          .limit(sql.placeholder('limit'))
          .offset(sql.placeholder('offset')),
      { userId, limit: page_size, offset: (page - 1) * page_size },
    ),
    preparedRows(
      db,
      'notifications_totals',
      () =>
        db
          .select({ count: count(), unread: sql<number>`count(*) filter (where ${notifications.readAt} is null)` })
          .from(notifications)
          .where(eq(notifications.userId, sql.placeholder('userId'))),
      { userId },
    ),
  ]);
  return {
    count: Number(totals?.count ?? 0),
    unread: Number(totals?.unread ?? 0),
    results: rows.map((row) => ({
      id: row.id,
      type: row.type as TNotificationType,
      title: row.title,
      body: row.body,
      link: row.link,
      read: row.readAt != null,
      created_at: row.createdAt.toISOString(),
    })),
  };
}

/** Marks the user's own notifications read (those ids, or all); someone else's ids are simply not theirs. Answers the unread left. */
export async function markNotificationsRead(db: TDb, userId: number, ids: number[] | undefined, now: Date): Promise<number> {
  await db
    .update(notifications)
    .set({ readAt: now })
    .where(
      and(
        eq(notifications.userId, userId),
        isNull(notifications.readAt),
        ids ? inArray(notifications.id, ids.length ? ids : [0]) : undefined,
      ),
    );
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return Number(row?.n ?? 0);
}

export async function getPreferences(db: TDb, userId: number): Promise<TNotificationPreferences> {
  const rows = await db
    .select({ type: notificationEmailOptOuts.type })
    .from(notificationEmailOptOuts)
    .where(eq(notificationEmailOptOuts.userId, userId));
  const off = new Set(rows.map((row) => row.type));
  return {
    email: Object.fromEntries(NOTIFICATION_TYPES.map((type) => [type, !off.has(type)])) as TNotificationPreferences['email'],
  };
}

export async function updatePreferences(
  db: TDb,
  userId: number,
  input: TNotificationPreferencesInput,
): Promise<TNotificationPreferences> {
  const entries = Object.entries(input.email) as [TNotificationType, boolean | undefined][];
  const off = entries.filter(([, on]) => on === false).map(([type]) => type);
  const on = entries.filter(([, on]) => on === true).map(([type]) => type);
  // One table, but a delete and an insert: two saves of one user's switches at once can take their rows in opposite
  // orders, and writeTransaction tries the one PostgreSQL ends again instead of answering 500.
  await writeTransaction(db, async (tx) => {
    if (on.length)
      await tx
        .delete(notificationEmailOptOuts)
        .where(and(eq(notificationEmailOptOuts.userId, userId), inArray(notificationEmailOptOuts.type, on)));
    if (off.length)
      await tx
        .insert(notificationEmailOptOuts)
        .values(off.map((type) => ({ userId, type })))
        .onConflictDoNothing();
  });
  return getPreferences(db, userId);
}

/**
 * The one-click unsubscribe: turns off e-mail of this type; a user deleted meanwhile is simply nothing to do. The alert
 * mails are the only marketing mail, sent with the communication consent: leaving them withdraws it too (decision 066),
 * which account does on the event (`mail.unsubscribed`), in the same transaction, the user's row locked first (the lock
 * order of every profile write).
 */
export async function unsubscribe(db: TDb, events: TEvents, userId: number, type: TNotificationType): Promise<void> {
  await writeTransaction(db, async (tx) => {
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
    if (!user) return;
    await tx.insert(notificationEmailOptOuts).values({ userId, type }).onConflictDoNothing();
    await events.record(tx, { type: 'mail.unsubscribed', userId, notificationType: type });
  });
}

/** Read notifications created before `before` are deleted (retention, decision 068); unread ones stay, however old. */
export function pruneReadNotifications(db: TDb, before: Date, batch: number, signal?: AbortSignal): Promise<number> {
  return deleteInBatches(
    async (limit) => {
      const old = db
        .select({ id: notifications.id })
        .from(notifications)
        .where(and(isNotNull(notifications.readAt), lt(notifications.createdAt, before)))
        .limit(limit);
      const rows = await db.delete(notifications).where(inArray(notifications.id, old)).returning({ id: notifications.id });
      return rows.length;
    },
    batch,
    signal,
  );
}
