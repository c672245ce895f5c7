/** Password reset tokens: 32 random bytes, stored as a SHA-256 hash, single use, valid one hour (DESIGN §6). */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { passwordResetTokens, users } from '../../db/schema';
import { hashPassword } from '../../lib/passwords';
import { revokeAllSessions } from './sessions';

export const RESET_TTL_MS = 60 * 60 * 1000;

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

export async function createResetToken(db: TDb, userId: number, now: Date): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(passwordResetTokens).values({
    tokenHash: sha256(token),
    userId,
    expiresAt: new Date(now.getTime() + RESET_TTL_MS),
  });
  return token;
}

/** Consumes the token and sets the password; false when the token is unknown, used or expired. */
export async function resetPassword(db: TDb, token: string, password: string, now: Date): Promise<boolean> {
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const [used] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(passwordResetTokens.tokenHash, sha256(token)),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, now),
        ),
      )
      .returning({ userId: passwordResetTokens.userId });
    if (!used) return false;
    await tx.update(users).set({ passwordHash }).where(eq(users.id, used.userId));
    // Other outstanding links die with this one, and every session must log in again.
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.userId, used.userId), isNull(passwordResetTokens.usedAt)));
    await revokeAllSessions(tx as unknown as TDb, used.userId, now);
    return true;
  });
}

export function resetMail(link: string) {
  return {
    subject: 'Farmaponte: ripristino della password',
    text: [
      'Ciao,',
      '',
      'abbiamo ricevuto una richiesta di ripristino della password del tuo account Farmaponte.',
      `Per scegliere una nuova password apri questo link entro un'ora:`,
      link,
      '',
      'Se non hai chiesto tu il ripristino, ignora questa e-mail: la tua password resta invariata.',
      '',
      'Il team Farmaponte',
    ].join('\n'),
    html: `<p>Ciao,</p><p>abbiamo ricevuto una richiesta di ripristino della password del tuo account Farmaponte.</p><p>Per scegliere una nuova password apri questo link entro un'ora:</p><p><a href="${link}">${link}</a></p><p>Se non hai chiesto tu il ripristino, ignora questa e-mail: la tua password resta invariata.</p><p>Il team Farmaponte</p>`,
  };
}
