import { eq, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { mailOutbox, users } from '../../db/schema';
import type { TEvents } from '../../lib/event-bus';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { consumeToken, drawToken, endTokens, issueToken, issueToNobody, tokenHolder } from '../../lib/single-use-tokens';
import { writeTransaction } from '../../lib/transactions';
import { findUserByEmail } from '../account';
import { enqueueMail } from '../mail';
import { revokeAllSessions } from '../sessions';
import { resetMail } from './reset-mail';

/**
 * The account with this e-mail and password, or undefined (an unknown e-mail costs a hash too). An address not yet
 * confirmed does not log in, and is refused like a wrong password (decision 054): otherwise whoever registered an
 * address could tell, by logging in, whether the registration made an account or found one.
 */
export async function checkCredentials(db: TDb, email: string, password: string) {
  const user = await findUserByEmail(db, email);
  if (!(await verifyPassword(user?.passwordHash, password)) || !user?.emailVerifiedAt) return undefined;
  return user;
}

export const RESET_TTL_MS = 60 * 60 * 1000;

/** Consumes the token and sets the password; returns the user, or undefined when the token is unknown, used or expired. */
export async function resetPassword(
  db: TDb,
  events: TEvents,
  token: string,
  password: string,
  now: Date,
): Promise<number | undefined> {
  const passwordHash = await hashPassword(password);
  return writeTransaction(db, async (tx) => {
    // The user's row first (the lock order, docs/architecture.md), as an account deletion locks it before it cascades
    // to the user's tokens: consuming the token first would hold it while waiting for the row the deletion holds.
    const holder = await tokenHolder(tx, 'password_reset', token);
    if (!holder) return undefined;
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, holder.userId)).for('no key update');
    if (!user) return undefined;
    // Unknown, used and expired links get the same answer (the route's 400).
    const used = await consumeToken(tx, 'password_reset', token, now, { userId: user.id });
    if (used.outcome !== 'consumed') return undefined;
    // The link came through the mailbox, so the address is confirmed too (decision 054).
    await tx
      .update(users)
      .set({ passwordHash, emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now.toISOString()}::timestamptz)` })
      .where(eq(users.id, user.id));
    // Other outstanding links die with this one, and every session must log in again.
    await endTokens(tx, 'password_reset', user.id, now);
    await revokeAllSessions(tx, events, user.id, now);
    return user.id;
  });
}

/**
 * A password-reset request (decision 054): the account with this e-mail gets a new link, mailed through the outbox in
 * the link's transaction; an unknown e-mail gets nothing, after the same work (a token drawn and hashed, the same
 * statements, which then touch no row), so the caller learns nothing from the answer or its time.
 */
export async function requestPasswordReset(
  db: TDb,
  { email, publicUrl, now }: { email: string; publicUrl: string; now: Date },
): Promise<void> {
  const drawn = drawToken();
  const expiresAt = new Date(now.getTime() + RESET_TTL_MS);
  const mail = resetMail(`${publicUrl}/reset-password/${drawn.token}`);
  await writeTransaction(db, async (tx) => {
    // The user's row first (the lock order, docs/architecture.md): a deletion waits, or has already gone.
    const [user] = await tx
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()))
      .for('key share');
    if (!user) {
      // The statements of a known address, on a key no row has: a primary-key lookup each, no write.
      await issueToNobody(tx, drawn, now);
      await tx.update(mailOutbox).set({ nextAttemptAt: now }).where(eq(mailOutbox.id, -1));
      return;
    }
    await issueToken(tx, { purpose: 'password_reset', userId: user.id, now, expiresAt, drawn });
    await enqueueMail(tx, { userId: user.id, to: user.email, ...mail }, now);
  });
}
