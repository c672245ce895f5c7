/**
 * Confirmed e-mail addresses (decision 047). A link is a single-use token (`email_confirmation`, lib/single-use-tokens.ts,
 * decision 086), like a password-reset link; the address counts as confirmed from the first use of a live one.
 */
import { LIMITS, MESSAGES } from '@farmaponte/shared';
import { and, eq, isNull } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { users } from '../../db/schema';
import { badRequest, conflict, tooManyRequests, unauthorized } from '../../lib/errors';
import type { TCounterStore } from '../../lib/limiter';
import { consumeToken, deleteTokens, endTokens, issueToken, tokenHolder } from '../../lib/single-use-tokens';
import { writeTransaction } from '../../lib/transactions';
import { enqueueMail } from '../mail';
import { confirmationMail } from './mail';

const TTL_MS = LIMITS.emailConfirmationTtlHours * 60 * 60 * 1000;

/** Where a link leads: the web app's page, which sends the token to POST /api/user/verify-email/. */
export const confirmationLink = (publicUrl: string, token: string) => `${publicUrl}/conferma-email/${token}`;

/**
 * A new link for the user, mailed through the outbox: call it in the transaction that creates the account (or that
 * holds the user's row). The links the user had and did not use stop working.
 */
export async function sendConfirmationLink(
  db: TDb,
  { userId, email, publicUrl, now }: { userId: number; email: string; publicUrl: string; now: Date },
): Promise<void> {
  // The older links, unused, are deleted: they answer `email_link_invalid`, whose message says a newer one may exist.
  await deleteTokens(db, 'email_confirmation', userId, 'unused');
  const token = await issueToken(db, {
    purpose: 'email_confirmation',
    userId,
    now,
    expiresAt: new Date(now.getTime() + TTL_MS),
  });
  await enqueueMail(db, { userId, to: email, ...confirmationMail(confirmationLink(publicUrl, token)) }, now);
}

/**
 * Uses the link: the user's address is confirmed and the user's other links end. An unknown (or replaced), used or
 * expired link is a 400 with a code of its own, so the page can say which. Two uses at once: the user's row is taken
 * first (the lock order, docs/architecture.md), so the second waits, then finds the link used.
 */
export async function confirmEmail(db: TDb, token: string, now: Date): Promise<number> {
  const invalid = () => badRequest(MESSAGES.emailLinkInvalid, 'email_link_invalid');
  return writeTransaction(db, async (tx) => {
    const link = await tokenHolder(tx, 'email_confirmation', token);
    if (!link) throw invalid();
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, link.userId)).for('no key update');
    if (!user) throw invalid();
    const used = await consumeToken(tx, 'email_confirmation', token, now, { userId: user.id });
    if (used.outcome === 'unknown') throw invalid();
    if (used.outcome === 'used') throw badRequest(MESSAGES.emailLinkUsed, 'email_link_used');
    if (used.outcome === 'expired') throw badRequest(MESSAGES.emailLinkExpired, 'email_link_expired');
    await tx
      .update(users)
      .set({ emailVerifiedAt: now })
      .where(and(eq(users.id, user.id), isNull(users.emailVerifiedAt)));
    await endTokens(tx, 'email_confirmation', user.id, now);
    return user.id;
  });
}

/**
 * 'Invia di nuovo': a new link for the logged-in user. 409 when the address is already confirmed (nothing is sent),
 * 429 with Retry-After past LIMITS.emailConfirmationResendsPerHour in an hour (the wait is said in the message).
 */
export async function resendConfirmationLink(
  db: TDb,
  counters: TCounterStore,
  userId: number,
  { publicUrl, now }: { publicUrl: string; now: Date },
): Promise<void> {
  const [current] = await db.select({ verifiedAt: users.emailVerifiedAt }).from(users).where(eq(users.id, userId));
  if (!current) throw unauthorized();
  if (current.verifiedAt) throw conflict(MESSAGES.emailAlreadyConfirmed, 'email_already_verified');
  const key = `email-confirmation:${userId}`;
  if ((await counters.hit(key, LIMITS.quotaWindowMs)) > LIMITS.emailConfirmationResendsPerHour) {
    const retryAfterMs = await counters.retryAfterMs(key);
    throw tooManyRequests(
      retryAfterMs,
      MESSAGES.emailResendLimit(Math.max(1, Math.ceil(retryAfterMs / 60_000))),
      'email_resend_limit',
    );
  }
  await writeTransaction(db, async (tx) => {
    // The user's row first (the lock order): two resends at once leave one live link, the newest.
    const [user] = await tx
      .select({ email: users.email, verifiedAt: users.emailVerifiedAt })
      .from(users)
      .where(eq(users.id, userId))
      .for('no key update');
    if (!user) throw unauthorized();
    if (user.verifiedAt) throw conflict(MESSAGES.emailAlreadyConfirmed, 'email_already_verified');
    await sendConfirmationLink(tx, { userId, email: user.email, publicUrl, now });
  });
}
