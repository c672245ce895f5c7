/**
 * The daily reminders that tell each row once (an insurance about to expire, an invoice past its due day): rows
 * claimed by an UPDATE in transactions of at most `batch`, each recording its events in the transaction of its claim,
 * until a transaction claims fewer; the signal is checked between them. And their job: daily, exclusive, logged.
 */
import type { TDb } from '../db/client';
import type { TJob } from './job';
import { writeTransaction } from './transactions';

/** Runs `claim` (at most `limit` rows, its count back) in transactions until one claims fewer; the rows claimed. */
export async function claimInBatches(
  db: TDb,
  batch: number,
  claim: (tx: TDb, limit: number) => Promise<number>,
  signal?: AbortSignal,
): Promise<number> {
  let claimed = 0;
  for (;;) {
    if (signal?.aborted) break;
    const rows = await writeTransaction(db, (tx) => claim(tx, batch));
    claimed += rows;
    if (rows < batch) break;
  }
  return claimed;
}

/** A reminder as a daily job of the runner, at an Italian hour ('HH:MM'). */
export function dailyReminderJob(
  name: string,
  dailyAt: string,
  remind: (now: Date, signal: AbortSignal) => Promise<number>,
  logMessage: string,
): TJob<{ reminded: number }> {
  return {
    name,
    every: { dailyAt },
    // Daily, so one run a day across instances; each row is claimed by its UPDATE anyway.
    exclusive: true,
    async run({ now, signal, log }) {
      const reminded = await remind(now(), signal);
      if (reminded) log.info({ reminded }, logMessage);
      return { reminded };
    },
  };
}
