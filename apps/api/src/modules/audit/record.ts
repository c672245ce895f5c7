/**
 * The admin audit log's one way in: every admin action calls `recordAdminAction` with the transaction that makes the
 * change, so the action and its entry are written together or not at all (docs/decisions/060). Reads that show a
 * user's personal data (their details, their CV) record in a transaction of their own before the data is answered.
 */
import type { TDb } from '../../db/client';
import { auditLog } from '../../db/schema';

/** Every action the log knows; the admin's page filters by these names. */
export const AUDIT_ACTIONS = [
  'verification.verify',
  'verification.reject',
  'user.suspend',
  'user.reinstate',
  'user.view',
  'cv.open',
  'report.resolve',
  'pharmacy.set_coordinates',
  'registry.import',
] as const;
export type TAuditAction = (typeof AUDIT_ACTIONS)[number];

/** Who acted: the admin of the request (`request.user`), or a command-line tool naming itself. */
export interface TAuditActor {
  id: number | null;
  email: string;
}

export interface TAuditEntry {
  action: TAuditAction;
  targetUserId?: number | null;
  targetType?: 'offer' | 'report' | 'pharmacy' | 'registry' | 'application';
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
