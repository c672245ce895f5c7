/** The audit log's retention as a job of the runner (docs/architecture.md "Where does a periodic job go"). */
import type { TDb } from '../../db/client';
import type { TJob } from '../../lib/job';
import { pruneAuditLog } from './service';

export function auditPruneJob(deps: { db: TDb; retentionDays: number }): TJob<{ deleted: number }> {
  return {
    name: 'audit-prune',
    // At night, once a day across instances: an entry kept a day past its retention is no harm.
    every: { dailyAt: '04:30' },
    exclusive: true,
    async run({ now, signal, log }) {
      const deleted = await pruneAuditLog(deps.db, now(), deps.retentionDays, signal);
      if (deleted) log.info({ deleted }, 'audit log entries past their retention deleted');
      return { deleted };
    },
  };
}
