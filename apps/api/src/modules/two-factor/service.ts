/**
 * Two-step login (decision 063, docs/rules.md#sessions): a user's authenticator secret (sealed with the server's key),
 * its ten recovery codes (hashed, single use) and the challenge a login gets between its password and its code (a
 * `second_step` single-use token, lib/single-use-tokens.ts: five minutes, decision 086). Every code accepted moves
 * `last_step` forward or spends a recovery code, in the same statement that checks it, so no code is accepted twice,
 * even by two requests at once.
 */
import { LIMITS, MESSAGES, type TTokenPair } from '@farmaponte/shared';
import { and, count, eq, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { twoFactor, twoFactorRecoveryCodes, users } from '../../db/schema';
import { badRequest, conflict, forbidden, notFound, unauthorized } from '../../lib/errors';
import type { TEvents } from '../../lib/event-bus';
import type { TJwt } from '../../lib/jwt';
import { verifyPassword } from '../../lib/passwords';
import type { TSecretBox } from '../../lib/secret-box';
import { consumeToken, deleteTokens, issueToken, liveTokenHolder } from '../../lib/single-use-tokens';
import { writeTransaction } from '../../lib/transactions';
import { recordAdminAction, type TAuditActor } from '../audit';
import { enqueueMail } from '../mail';
import { loginActivity } from '../retention';
import { accountSuspended, issueTokens, revokeAllSessions } from '../sessions';
import { secondStepChangeMail, type TSecondStepChange } from './change-mail';
import { isAppCode, matchingStep, newRecoveryCodes, newSecret, recoveryCodeHash } from './totp';

/** The associated data a user's sealed secret is bound to: copied to another row, it does not open. */
const secretContext = (userId: number) => `two-factor:${userId}`;

const wrongCode = () =>
  badRequest(MESSAGES.secondStepCodeWrong, 'invalid_second_step_code', { code: MESSAGES.secondStepCodeWrong });

/** Whether the user's second step is on (the admin gate of REQUIRE_ADMIN_2FA asks on every admin request). */
export async function secondStepIsOn(db: TDb, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ userId: twoFactor.userId })
    .from(twoFactor)
    .where(and(eq(twoFactor.userId, userId), isNotNull(twoFactor.enabledAt)));
  return row !== undefined;
}

export async function secondStepStatus(db: TDb, userId: number) {
  const enabled = await secondStepIsOn(db, userId);
  const [left] = enabled
    ? await db
        .select({ n: count() })
        .from(twoFactorRecoveryCodes)
        .where(and(eq(twoFactorRecoveryCodes.userId, userId), isNull(twoFactorRecoveryCodes.usedAt)))
    : [{ n: 0 }];
  return { enabled, recoveryCodesLeft: Number(left?.n ?? 0) };
}

const wrongPassword = () =>
  badRequest(MESSAGES.secondStepWrongPassword, 'invalid_password', { password: MESSAGES.secondStepWrongPassword });

/**
 * The account's current password, checked before the second step is set up, turned on or turned off: a session alone
 * (an access token taken from someone's browser) must not bind the account to another authenticator, nor free it.
 */
async function checkCurrentPassword(db: TDb, userId: number, password: string) {
  const [account] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
  if (!(await verifyPassword(account?.passwordHash ?? undefined, password))) throw wrongPassword();
}

/** Tells the account's mailbox that its second step changed, through the outbox, in the change's transaction. */
async function mailChange(tx: TDb, user: { id: number; email: string }, change: TSecondStepChange, publicUrl: string, now: Date) {
  await enqueueMail(tx, { userId: user.id, to: user.email, ...secondStepChangeMail(change, now, publicUrl) }, now);
}

/**
 * A new secret for the user's app, kept unconfirmed until `enableSecondStep` sees a code from it; a second setup
 * replaces one not yet confirmed. 400 `invalid_password` without the account's password, 409 when the second step is
 * already on (turn it off first).
 */
export async function setUpSecondStep(db: TDb, box: TSecretBox, user: { id: number; email: string }, password: string) {
  await checkCurrentPassword(db, user.id, password);
  const { secret, uri } = newSecret(user.email);
  const sealed = box.seal(secret, secretContext(user.id));
  const [row] = await db
    .insert(twoFactor)
    .values({ userId: user.id, secret: sealed })
    .onConflictDoUpdate({
      target: twoFactor.userId,
      set: { secret: sealed, lastStep: null },
      setWhere: isNull(twoFactor.enabledAt),
    })
    .returning({ userId: twoFactor.userId });
  if (!row) throw conflict(MESSAGES.secondStepAlreadyOn, 'second_step_already_on');
  return { secret, uri };
}

/** The user's row, locked first (the lock order, docs/architecture.md): enable, disable and a login's code take turns. */
async function lockUser(tx: TDb, userId: number) {
  const [user] = await tx
    .select({ id: users.id, role: users.role, email: users.email, suspendedAt: users.suspendedAt })
    .from(users)
    .where(eq(users.id, userId))
    .for('no key update');
  return user;
}

/**
 * Spends a code: an app's code of a step after the last one accepted (which then becomes the last), or, where
 * `recovery`, an unused recovery code (which is then used). False, writing nothing, for any other code.
 */
async function spendCode(
  tx: TDb,
  row: { userId: number; secret: string | undefined },
  typed: string,
  now: Date,
  { recovery }: { recovery: boolean },
): Promise<boolean> {
  if (isAppCode(typed)) {
    // A secret that does not open (the server's key changed) accepts no app code; the recovery codes still work.
    const step = row.secret === undefined ? undefined : matchingStep(row.secret, typed, now);
    if (step === undefined) return false;
    const [moved] = await tx
      .update(twoFactor)
      .set({ lastStep: step })
      .where(and(eq(twoFactor.userId, row.userId), or(isNull(twoFactor.lastStep), lt(twoFactor.lastStep, step))))
      .returning({ userId: twoFactor.userId });
    return moved !== undefined;
  }
  const hash = recovery ? recoveryCodeHash(typed) : undefined;
  if (!hash) return false;
  const [spent] = await tx
    .update(twoFactorRecoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(twoFactorRecoveryCodes.userId, row.userId),
        eq(twoFactorRecoveryCodes.codeHash, hash),
        isNull(twoFactorRecoveryCodes.usedAt),
      ),
    )
    .returning({ userId: twoFactorRecoveryCodes.userId });
  return spent !== undefined;
}

/** The user's second-step row with its secret opened; a secret sealed with another server key does not open. */
async function secretRow(tx: TDb, box: TSecretBox, userId: number) {
  const [row] = await tx.select().from(twoFactor).where(eq(twoFactor.userId, userId));
  if (!row) return undefined;
  return { ...row, secret: box.open(row.secret, secretContext(userId)) };
}

/**
 * Turns the second step on with the account's password and a first code from the app: answers the ten recovery codes
 * (stored hashed, shown this once) and mails the account's address. 400 with a wrong password, without a setup or with
 * a wrong code, 409 when it is already on (two enables at once: the second).
 */
export async function enableSecondStep(
  db: TDb,
  box: TSecretBox,
  userId: number,
  { code, password }: { code: string; password: string },
  { now, publicUrl }: { now: Date; publicUrl: string },
): Promise<string[]> {
  await checkCurrentPassword(db, userId, password);
  const recoveryCodes = newRecoveryCodes();
  return writeTransaction(db, async (tx) => {
    const user = await lockUser(tx, userId);
    if (!user) throw unauthorized();
    const row = await secretRow(tx, box, userId);
    if (!row?.secret) throw badRequest(MESSAGES.secondStepNotSetUp, 'second_step_not_set_up');
    if (row.enabledAt) throw conflict(MESSAGES.secondStepAlreadyOn, 'second_step_already_on');
    if (!(await spendCode(tx, { userId, secret: row.secret }, code, now, { recovery: false }))) throw wrongCode();
    await tx.update(twoFactor).set({ enabledAt: now }).where(eq(twoFactor.userId, userId));
    await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
    await tx.insert(twoFactorRecoveryCodes).values(recoveryCodes.map((c) => ({ userId, codeHash: recoveryCodeHash(c) ?? '' })));
    await mailChange(tx, user, 'enabled', publicUrl, now);
    return recoveryCodes;
  });
}

/** Removes the user's secret, recovery codes and pending challenges: the second step is off. */
async function removeSecondStep(tx: TDb, userId: number) {
  await deleteTokens(tx, 'second_step', userId, 'all');
  await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
  await tx.delete(twoFactor).where(eq(twoFactor.userId, userId));
}

/**
 * Turns the second step off with the password and a code (the app's, or a recovery code: who lost the phone logged in
 * with one and may turn it off with another), and mails the account's address.
 */
export async function disableSecondStep(
  db: TDb,
  box: TSecretBox,
  userId: number,
  { password, code }: { password: string; code: string },
  { now, publicUrl }: { now: Date; publicUrl: string },
) {
  await checkCurrentPassword(db, userId, password);
  await writeTransaction(db, async (tx) => {
    const user = await lockUser(tx, userId);
    if (!user) throw unauthorized();
    const row = await secretRow(tx, box, userId);
    if (!row?.enabledAt) throw conflict(MESSAGES.secondStepNotOn, 'second_step_not_on');
    if (!(await spendCode(tx, { userId, secret: row.secret }, code, now, { recovery: true }))) throw wrongCode();
    await removeSecondStep(tx, userId);
    await mailChange(tx, user, 'disabled', publicUrl, now);
  });
}

/**
 * The admin's procedure for a person who lost both the phone and the recovery codes (docs/rules.md#sessions): after
 * checking who they are (the reason says how), the second step goes off, every session of the account ends, the
 * account's address is mailed and the audit log keeps who did it and why, all in one transaction. 404 for no such
 * user, 403 for the admin's own account (their own goes off from their profile), 409 when it is not on.
 */
export async function resetSecondStepByAdmin(
  db: TDb,
  events: TEvents,
  actor: TAuditActor,
  userId: number,
  reason: string,
  { now, publicUrl }: { now: Date; publicUrl: string },
): Promise<void> {
  if (actor.id === userId) throw forbidden(MESSAGES.secondStepResetOwn, 'cannot_reset_own_second_step');
  await writeTransaction(db, async (tx) => {
    const user = await lockUser(tx, userId);
    if (!user) throw notFound();
    const [row] = await tx.select({ enabledAt: twoFactor.enabledAt }).from(twoFactor).where(eq(twoFactor.userId, userId));
    if (!row?.enabledAt) throw conflict(MESSAGES.secondStepNotOn, 'second_step_not_on');
    await removeSecondStep(tx, userId);
    await revokeAllSessions(tx, events, userId, now);
    await mailChange(tx, user, 'reset_by_admin', publicUrl, now);
    await recordAdminAction(tx, actor, { action: 'user.second_step_reset', targetUserId: userId, details: { reason } }, now);
  });
}

const CHALLENGE_TTL_MS = LIMITS.secondStepChallengeMinutes * 60 * 1000;

/**
 * After a right password: undefined when the user's second step is off (the login goes on), else a new challenge for
 * `POST /api/token/2fa/`. The user's expired challenges go at the same time.
 */
export async function startSecondStep(db: TDb, userId: number, now: Date): Promise<string | undefined> {
  if (!(await secondStepIsOn(db, userId))) return undefined;
  await deleteTokens(db, 'second_step', userId, { expiredBy: now });
  return issueToken(db, { purpose: 'second_step', userId, now, expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS) });
}

const challengeExpired = () => unauthorized(MESSAGES.secondStepChallengeExpired, 'invalid_challenge');

/** The user a live challenge (not used, not expired) belongs to; 401 for any other. */
export async function challengeOwner(db: TDb, challenge: string, now: Date): Promise<{ id: number; email: string }> {
  const held = await liveTokenHolder(db, 'second_step', challenge, now);
  const [owner] = held ? await db.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, held.userId)) : [];
  if (!owner) throw challengeExpired();
  return owner;
}

/**
 * The login's second step: the challenge's code (the app's, or a recovery code, then spent) gives the tokens and uses
 * the challenge. A wrong code writes nothing and leaves the challenge for another try (401 `second_step_failed`);
 * a used or expired challenge answers 401 `invalid_challenge`.
 */
export async function finishSecondStep(
  db: TDb,
  deps: { jwt: TJwt; box: TSecretBox },
  { challenge, code, userId }: { challenge: string; code: string; userId: number },
  now: Date,
): Promise<TTokenPair> {
  return writeTransaction(db, async (tx) => {
    const user = await lockUser(tx, userId);
    if (!user) throw challengeExpired();
    // An account suspended between its password and its code gets no session (decision 062).
    if (user.suspendedAt) throw accountSuspended();
    const row = await secretRow(tx, deps.box, userId);
    if (!row?.enabledAt) throw challengeExpired();
    if (!(await spendCode(tx, { userId, secret: row.secret }, code, now, { recovery: true })))
      throw unauthorized(MESSAGES.secondStepCodeWrong, 'second_step_failed');
    // Under the user's lock another request with this challenge waits, then finds it used: used, expired and unknown
    // challenges answer alike, and the code it spent goes back with the rollback.
    const used = await consumeToken(tx, 'second_step', challenge, now, { userId });
    if (used.outcome !== 'consumed') throw challengeExpired();
    // The login is complete: activity, and the account's retention warning is void (decision 068).
    await loginActivity(tx, userId, now);
    return issueTokens(tx, deps.jwt, { id: user.id, role: user.role }, now);
  });
}
