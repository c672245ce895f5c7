/**
 * The admin audit log's one way in: every admin action calls `recordAdminAction` with the transaction that makes the
 * change, so the action and its entry are written together or not at all (docs/decisions/060). Reads that show a
 * user's personal data (their details, their CV) record in a transaction of their own before the data is answered.
 */
import { AUDIT_ACTIONS, OUTAGE_MESSAGES, type TAuditAction } from '@farmaponte/shared';
import type { TDb } from '../../db/client';
import { auditLog } from '../../db/schema';
import { HttpError } from '../../lib/errors';

/** The action names live in packages/shared, so the admin's page and the list's filter know them too. */
export { AUDIT_ACTIONS, type TAuditAction };

/** Who acted: the admin of the request (`request.user`), or a command-line tool naming itself. */
export interface TAuditActor {
  id: number | null;
  email: string;
}

/** The actor of what a command-line tool does (`npm run import-pharmacies`): no account, and no e-mail address. */
export const CLI_ACTOR: TAuditActor = { id: null, email: 'cli' };

export interface TAuditEntry {
  action: TAuditAction;
  targetUserId?: number | null;
  targetType?:
    | 'offer'
    | 'report'
    | 'pharmacy'
    | 'registry'
    | 'application'
    | 'review'
    | 'organisation'
    | 'member'
    | 'invitation'
    | 'contract'
    | 'invoice';
  targetId?: string | number | null;
  details?: Record<string, unknown>;
}

/** Writes one entry in `tx`, the transaction of the action itself, at `now`. */
export async function recordAdminAction(tx: TDb, actor: TAuditActor, entry: TAuditEntry, now: Date): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: actor.id,
    actorEmail: actor.email,
    action: entry.action,
    targetUserId: entry.targetUserId ?? null,
    targetType: entry.targetType ?? null,
    targetId: entry.targetId === undefined || entry.targetId === null ? null : String(entry.targetId),
    details: entry.details ?? {},
    at: now,
  });
}

/**
 * The entry of a read of someone's personal data (their details, their CV, an owner's document), written on its own
 * before the data is answered. When it cannot be written the data is not answered either: 503 with Retry-After and
 * an Italian message (docs/decisions/061), never the data without its entry and never a 500.
 */
export async function recordAdminRead(db: TDb, actor: TAuditActor, entry: TAuditEntry, now: Date): Promise<void> {
  try {
    await recordAdminAction(db, actor, entry, now);
  } catch {
    throw new HttpError(503, OUTAGE_MESSAGES.auditUnavailable, 'audit_unavailable', { retryAfterSeconds: 5 });
  }
}
