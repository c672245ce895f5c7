/** What other features use of the audit log: recording an admin action in the action's transaction. */
export { AUDIT_ACTIONS, recordAdminAction, type TAuditAction, type TAuditActor, type TAuditEntry } from './record';
