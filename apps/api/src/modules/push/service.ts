/**
 * Web Push's SQL (decision 096): a user's browsers (push_subscriptions), their per-type choices
 * (notification_push_opt_outs), and the push outbox, written in the transaction of the notification and claimed by the
 * sender as the mail outbox is (FOR UPDATE SKIP LOCKED and a lease), so a crash loses none and two instances send none
 * twice.
 */
import { createHash } from 'node:crypto';
import {
  PUSH_MESSAGES,
  PUSH_NOTIFICATION_TYPES,
  type TPushNotificationType,
  type TPushPayload,
  type TPushPreferences,
  type TPushPreferencesInput,
  type TPushSubscriptionInput,
} from '@farmaponte/shared';
import { and, count, eq, inArray, isNull, lt, notInArray, or, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { notificationPushOptOuts, pushOutbox, pushSubscriptions } from '../../db/schema';
import { deleteInBatches } from '../../lib/batched-delete';
import { conflict, notFound } from '../../lib/errors';
import { whenCommitted, writeTransaction } from '../../lib/transactions';

/** The browsers one user may keep subscribed: a new one past this pushes out the oldest (a user who reinstalls often). */
export const MAX_SUBSCRIPTIONS_PER_USER = 20;

/**
 * Saves this browser's subscription for the user: a new endpoint is added (201), one of theirs gets the new keys (200).
 * One that another user holds is refused with 409 and left as it is: one statement (an upsert that only updates the
 * same user's row), so two users posting one endpoint at once cannot both have it.
 */
export async function saveSubscription(
  db: TDb,
  userId: number,
  input: TPushSubscriptionInput,
  userAgent: string,
  now: Date,
): Promise<'created' | 'updated'> {
  return writeTransaction(db, async (tx) => {
    const [row] = await tx
      .insert(pushSubscriptions)
      .values({
        userId,
        endpoint: input.endpoint,
        p256dh: input.keys.p256dh,
        auth: input.keys.auth,
        userAgent: userAgent.slice(0, 200),
        createdAt: now,
      })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: { p256dh: input.keys.p256dh, auth: input.keys.auth, userAgent: userAgent.slice(0, 200) },
        setWhere: eq(pushSubscriptions.userId, userId),
      })
      // xmax is 0 on a row this statement inserted, not on one it updated (PostgreSQL's MVCC, PGlite's too).
      .returning({ id: pushSubscriptions.id, inserted: sql<boolean>`(xmax = 0)` });
    if (!row) throw conflict(PUSH_MESSAGES.endpointTaken, 'push_endpoint_taken');
    const created = row.inserted === true || String(row.inserted) === 'true';
    if (created) {
      const newest = tx
        .select({ id: pushSubscriptions.id })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, userId))
        .orderBy(sql`${pushSubscriptions.id} desc`)
        .limit(MAX_SUBSCRIPTIONS_PER_USER);
      await tx
        .delete(pushSubscriptions)
        .where(and(eq(pushSubscriptions.userId, userId), notInArray(pushSubscriptions.id, newest)));
    }
    return created ? 'created' : 'updated';
  });
}

/** Removes one of the user's own subscriptions (its waiting pushes go with it); another's, or none, is 404. */
export async function removeSubscription(db: TDb, userId: number, endpoint: string): Promise<void> {
  const rows = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.endpoint, endpoint), eq(pushSubscriptions.userId, userId)))
    .returning({ id: pushSubscriptions.id });
  if (!rows.length) throw notFound();
}

export async function getPushPreferences(db: TDb, userId: number): Promise<TPushPreferences> {
  const [rows, [devices]] = await Promise.all([
    db
      .select({ type: notificationPushOptOuts.type })
      .from(notificationPushOptOuts)
      .where(eq(notificationPushOptOuts.userId, userId)),
    db.select({ n: count() }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId)),
  ]);
  const off = new Set(rows.map((row) => row.type));
  return {
    push: Object.fromEntries(PUSH_NOTIFICATION_TYPES.map((type) => [type, !off.has(type)])) as TPushPreferences['push'],
    devices: Number(devices?.n ?? 0),
  };
}

export async function updatePushPreferences(db: TDb, userId: number, input: TPushPreferencesInput): Promise<TPushPreferences> {
  const entries = Object.entries(input.push) as [TPushNotificationType, boolean | undefined][];
  const off = entries.filter(([, on]) => on === false).map(([type]) => type);
  const on = entries.filter(([, on]) => on === true).map(([type]) => type);
  // A delete and an insert: two saves at once may take the rows in opposite orders; writeTransaction tries again.
  await writeTransaction(db, async (tx) => {
    if (on.length)
      await tx
        .delete(notificationPushOptOuts)
        .where(and(eq(notificationPushOptOuts.userId, userId), inArray(notificationPushOptOuts.type, on)));
    if (off.length)
      await tx
        .insert(notificationPushOptOuts)
        .values(off.map((type) => ({ userId, type })))
        .onConflictDoNothing();
  });
  return getPushPreferences(db, userId);
}

/** Told when pushes have been queued and their transaction committed: this process's push sender runs at once. */
const pushQueuedListeners = new Set<() => void>();

export function onPushQueued(listener: () => void): () => void {
  pushQueuedListeners.add(listener);
  return () => pushQueuedListeners.delete(listener);
}

/** How long a push may wait at the push service for a browser that is off, and how hard it asks to be woken (RFC 8030). */
function deliveryOf(urgent: boolean): { ttlSeconds: number; urgency: 'normal' | 'high' } {
  return urgent ? { ttlSeconds: 6 * 3600, urgency: 'high' } : { ttlSeconds: 24 * 3600, urgency: 'normal' };
}

export interface TQueuedPush {
  /** The people whose browsers receive it (a pharmacy's staff who are told, or the person). */
  userIds: number[];
  payload: TPushPayload;
  urgent: boolean;
}

/**
 * Queues one push per browser of these people that has not turned the type off; call it with the transaction of the
 * notification, so the two are kept together or not at all. Any number of pushes in two reads and one insert (an
 * urgent shift's thousands, decision 096). Answers how many were queued.
 */
export async function enqueuePushes(db: TDb, pushes: TQueuedPush[], now: Date): Promise<number> {
  const userIds = [...new Set(pushes.flatMap((push) => push.userIds))];
  if (!userIds.length) return 0;
  const subscriptions = await db
    .select({ id: pushSubscriptions.id, userId: pushSubscriptions.userId })
    .from(pushSubscriptions)
    .where(inArray(pushSubscriptions.userId, userIds))
    .orderBy(pushSubscriptions.id);
  if (!subscriptions.length) return 0;
  const subscribed = [...new Set(subscriptions.map((subscription) => subscription.userId))];
  const types = [...new Set(pushes.map((push) => push.payload.type))];
  const optedOut = new Set(
    (
      await db
        .select({ userId: notificationPushOptOuts.userId, type: notificationPushOptOuts.type })
        .from(notificationPushOptOuts)
        .where(and(inArray(notificationPushOptOuts.userId, subscribed), inArray(notificationPushOptOuts.type, types)))
    ).map((row) => `${row.userId}:${row.type}`),
  );
  const byUser = new Map<number, typeof subscriptions>();
  for (const subscription of subscriptions)
    byUser.set(subscription.userId, [...(byUser.get(subscription.userId) ?? []), subscription]);
  const rows = pushes.flatMap((push) =>
    [...new Set(push.userIds)]
      .filter((userId) => !optedOut.has(`${userId}:${push.payload.type}`))
      .flatMap((userId) => byUser.get(userId) ?? [])
      .map((subscription) => ({
        subscriptionId: subscription.id,
        payload: push.payload,
        ...deliveryOf(push.urgent),
        nextAttemptAt: now,
        createdAt: now,
      })),
  );
  if (!rows.length) return 0;
  await db.insert(pushOutbox).values(rows);
  whenCommitted(db, () => {
    for (const listener of pushQueuedListeners) listener();
  });
  return rows.length;
}

/** RFC 8030's Topic (32 base64url characters at most): a newer push of the same tag replaces one still waiting. */
export function topicOf(tag: string): string {
  return createHash('sha256').update(tag).digest('base64url').slice(0, 32);
}

export interface TClaimedPush {
  id: number;
  subscriptionId: number;
  attempts: number;
  claimedUntil: Date;
  payload: TPushPayload;
  ttlSeconds: number;
  urgency: 'low' | 'normal' | 'high';
  createdAt: Date;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/**
 * Claims up to `limit` due pushes no live sender holds: each goes to exactly one caller, however many instances claim
 * at once (rows another transaction holds are skipped). The claim holds `leaseSeconds`, longer than a batch can take
 * (every request has a timeout), so a crashed sender's pushes are free again after it; its end is the claim's token.
 */
export async function claimDuePushes(
  db: TDb,
  now: Date,
  { limit, leaseSeconds }: { limit: number; leaseSeconds: number },
): Promise<TClaimedPush[]> {
  const claimedUntil = new Date(now.getTime() + leaseSeconds * 1000);
  const due = db
    .select({ id: pushOutbox.id })
    .from(pushOutbox)
    .where(
      sql`${pushOutbox.sentAt} is null and ${pushOutbox.failedAt} is null and ${pushOutbox.nextAttemptAt} <= ${now}
        and (${pushOutbox.claimedUntil} is null or ${pushOutbox.claimedUntil} < ${now})`,
    )
    .orderBy(pushOutbox.nextAttemptAt, pushOutbox.id)
    .limit(limit)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(pushOutbox)
    .set({ claimedUntil, attempts: sql`${pushOutbox.attempts} + 1` })
    .where(sql`${pushOutbox.id} in ${due}`)
    .returning({ id: pushOutbox.id });
  if (!claimed.length) return [];
  const rows = await db
    .select({
      id: pushOutbox.id,
      subscriptionId: pushOutbox.subscriptionId,
      attempts: pushOutbox.attempts,
      payload: pushOutbox.payload,
      ttlSeconds: pushOutbox.ttlSeconds,
      urgency: pushOutbox.urgency,
      createdAt: pushOutbox.createdAt,
      endpoint: pushSubscriptions.endpoint,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
    })
    .from(pushOutbox)
    .innerJoin(pushSubscriptions, eq(pushSubscriptions.id, pushOutbox.subscriptionId))
    .where(
      inArray(
        pushOutbox.id,
        claimed.map((row) => row.id),
      ),
    )
    .orderBy(pushOutbox.id);
  return rows.map((row) => ({ ...row, payload: row.payload as TPushPayload, claimedUntil }));
}

/** Only while the claim is still this sender's, and the push not yet marked. */
const stillHeld = (push: TClaimedPush) =>
  and(eq(pushOutbox.id, push.id), eq(pushOutbox.claimedUntil, push.claimedUntil), isNull(pushOutbox.sentAt));

/** The push service took it: marked at once, one push at a time, so a crash after it resends at most the ones in flight. */
export async function markPushSent(db: TDb, push: TClaimedPush, now: Date): Promise<void> {
  await db.update(pushOutbox).set({ sentAt: now, claimedUntil: null, lastError: null }).where(stillHeld(push));
  await db.update(pushSubscriptions).set({ lastSentAt: now }).where(eq(pushSubscriptions.id, push.subscriptionId));
}

/** The wait before attempt n+1 after n failures: 10 s, 20 s, 40 s… up to an hour. */
export function pushRetryDelayMs(attempts: number): number {
  return Math.min(10_000 * 2 ** Math.max(0, attempts - 1), 60 * 60 * 1000);
}

/**
 * Puts a push back for later (the push service busy or away), or gives it up: at the last attempt, past its time to
 * live, or at once when `final` (the push service refused the request itself). Answers whether it gave up.
 */
export async function markPushFailed(
  db: TDb,
  push: TClaimedPush,
  error: string,
  now: Date,
  { final, maxAttempts }: { final: boolean; maxAttempts: number },
): Promise<boolean> {
  const retryAt = new Date(now.getTime() + pushRetryDelayMs(push.attempts));
  const expired = retryAt.getTime() > push.createdAt.getTime() + push.ttlSeconds * 1000;
  const givenUp = final || expired || push.attempts >= maxAttempts;
  await db
    .update(pushOutbox)
    .set({ claimedUntil: null, lastError: error.slice(0, 1000), nextAttemptAt: retryAt, failedAt: givenUp ? now : null })
    .where(stillHeld(push));
  return givenUp;
}

/** Gives back claimed pushes not tried (the shutdown): free at once, and the attempt the claim counted taken back. */
export async function releasePushes(db: TDb, pushes: TClaimedPush[]): Promise<void> {
  for (const push of pushes)
    await db
      .update(pushOutbox)
      .set({ claimedUntil: null, attempts: sql`greatest(${pushOutbox.attempts} - 1, 0)` })
      .where(stillHeld(push));
}

/** The push service says the subscription is gone (404, 410): it is removed, and its waiting pushes with it. */
export async function removeGoneSubscription(db: TDb, subscriptionId: number): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, subscriptionId));
}

/** Pushes sent, or given up on, before `before` are deleted (the retention job may call it as it does the mails'). */
export function pruneOldPushes(db: TDb, before: Date, batch: number, signal?: AbortSignal): Promise<number> {
  return deleteInBatches(
    async (limit) => {
      const old = db
        .select({ id: pushOutbox.id })
        .from(pushOutbox)
        .where(or(lt(pushOutbox.sentAt, before), lt(pushOutbox.failedAt, before)))
        .limit(limit);
      const rows = await db.delete(pushOutbox).where(inArray(pushOutbox.id, old)).returning({ id: pushOutbox.id });
      return rows.length;
    },
    batch,
    signal,
  );
}
