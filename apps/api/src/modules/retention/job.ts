/** Retention as a job of the runner (docs/architecture.md "Where does a periodic job go", decision 068). */
import type { TJob } from '../../lib/job';
import {
  deleteStaleCvs,
  eraseInactiveAccounts,
  pruneOldRecords,
  type TRoundDeps,
  warnInactiveAccounts,
  warnStaleCvs,
} from './service';

export interface TRetentionRound {
  erasedAccounts: number;
  warnedAccounts: number;
  deletedCvs: number;
  warnedCvs: number;
  notifications: number;
  mails: number;
  /** Single-use tokens past their expiry (lib/single-use-tokens.ts). */
  tokens: number;
  /** Contracts (every version) past their `keep_until` (decision 093). */
  contracts: number;
  /** Invoices and credit notes past their `keep_until`, ten years from their issue (decision 095). */
  invoices: number;
}

export function retentionJob(deps: TRoundDeps): TJob<TRetentionRound> {
  return {
    name: 'retention',
    // Once a day across instances, at night in Italy; the warning mails wait in the outbox for the morning's reading.
    every: { dailyAt: '04:00' },
    exclusive: true,
    async run({ now, signal, log }) {
      const at = now();
      // What falls due first, so an account erased today is neither warned nor has its CV warned.
      const erasedAccounts = await eraseInactiveAccounts(deps, at, signal);
      const warnedAccounts = await warnInactiveAccounts(deps, at, signal);
      const deletedCvs = await deleteStaleCvs(deps, at, signal);
      const warnedCvs = await warnStaleCvs(deps, at, signal);
      const pruned = await pruneOldRecords(deps, at, signal);
      const round = { erasedAccounts, warnedAccounts, deletedCvs, warnedCvs, ...pruned };
      if (Object.values(round).some((n) => n > 0)) log.info(round, 'retention: warned, erased and pruned');
      return round;
    },
  };
}
