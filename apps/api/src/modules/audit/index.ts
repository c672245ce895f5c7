/** What other features and the app use of the audit log: recording an admin action or read, and the pruning job. */
export { auditPruneJob } from './prune-job';
export {
  AUDIT_ACTIONS,
  CLI_ACTOR,
  recordAdminAction,
  recordAdminRead,
  type TAuditAction,
  type TAuditActor,
  type TAuditEntry,
} from './record';
