/**
 * The push outbox's job, `push-outbox` (decision 096): as the mail outbox's, it claims the due pushes a batch at a time
 * (FOR UPDATE SKIP LOCKED and a lease, service.ts) in every instance at once, and sends each with web-push's request
 * (VAPID signature, RFC 8291 encryption) over our own fetch with a timeout and no redirects. What the push service
 * answers decides: 201 sent; 404 or 410 the subscription is gone and removed with its pushes; 429, 5xx, a timeout or no
 * answer, tried again with a backoff, given up after PUSH_MAX_ATTEMPTS or past the push's time to live; any other
 * answer (400, 413: the request itself is wrong) failed at once. Nothing here throws for a push service's fault: a round
 * fails only while the database is away, and the pushes wait in the outbox.
 */
import type { TPushPayload } from '@farmaponte/shared';
import webpush from 'web-push';
import type { TDb } from '../../db/client';
import type { TJob, TJobContext } from '../../lib/job';
import type { TVapidKeys } from '../../lib/secrets';
import { isAllowedEndpoint } from './endpoints';
import {
  claimDuePushes,
  markPushFailed,
  markPushSent,
  pruneOldPushes,
  releasePushes,
  removeGoneSubscription,
  type TClaimedPush,
  topicOf,
} from './service';

export const PUSH_BATCH_SIZE = 50;
/** Requests in flight at once: a batch takes at most ceil(50 / 5) timeouts, well inside the lease. */
export const PUSH_CONCURRENCY = 5;
export const PUSH_TIMEOUT_MS = 10_000;
export const PUSH_LEASE_SECONDS = 180;
export const PUSH_MAX_ATTEMPTS = 12;
/** Sent and given-up pushes are kept a week for the operator, then deleted (at most once an hour per process). */
const PUSH_KEEP_MS = 7 * 24 * 3600 * 1000;
const PRUNE_EVERY_MS = 3600 * 1000;

export interface TPushSenderOptions {
  db: TDb;
  vapid: TVapidKeys;
  /** Origins allowed besides the push services' (a test's local push service); empty on a server. */
  extraOrigins?: readonly string[];
  timeoutMs?: number;
  /** Pushes claimed at a time (PUSH_BATCH_SIZE; the race test takes fewer, so two senders claim in turns). */
  batchSize?: number;
}

export type TPushRound = { sent: number; retried: number; failed: number; gone: number };

type TOutcome = 'sent' | 'gone' | { retry: string } | { fail: string };

/** One push to its push service; what came back, as the outbox reads it. Never throws. */
async function deliver(options: TPushSenderOptions, push: TClaimedPush): Promise<TOutcome> {
  // The allow-list again at sending: a row written under another configuration is not sent anywhere else.
  if (!isAllowedEndpoint(push.endpoint, options.extraOrigins)) return { fail: 'endpoint not allowed' };
  let request: ReturnType<typeof webpush.generateRequestDetails>;
  try {
    request = webpush.generateRequestDetails(
      { endpoint: push.endpoint, keys: { p256dh: push.p256dh, auth: push.auth } },
      JSON.stringify(push.payload satisfies TPushPayload),
      {
        vapidDetails: options.vapid,
        TTL: push.ttlSeconds,
        urgency: push.urgency,
        topic: topicOf(push.payload.tag),
        contentEncoding: 'aes128gcm',
      },
    );
  } catch (error) {
    return { fail: `request not built: ${(error as Error).message}` };
  }
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) headers[name] = String(value);
  delete headers['Content-Length'];
  let status: number;
  let text = '';
  try {
    const answer = await fetch(request.endpoint, {
      method: 'POST',
      headers,
      body: request.body ? new Uint8Array(request.body) : null,
      redirect: 'manual',
      signal: AbortSignal.timeout(options.timeoutMs ?? PUSH_TIMEOUT_MS),
    });
    status = answer.status;
    text = (await answer.text().catch(() => '')).slice(0, 200);
  } catch (error) {
    return { retry: `no answer: ${(error as Error).message}` };
  }
  if (status >= 200 && status < 300) return 'sent';
  if (status === 404 || status === 410) return 'gone';
  if (status === 429 || status >= 500) return { retry: `${status} ${text}`.trim() };
  return { fail: `${status} ${text}`.trim() };
}

/** Sends one claimed batch, PUSH_CONCURRENCY at a time; on shutdown, what was not tried is given back. */
async function sendBatch(options: TPushSenderOptions, batch: TClaimedPush[], { now, signal, log }: TJobContext) {
  const round: TPushRound = { sent: 0, retried: 0, failed: 0, gone: 0 };
  const waiting = [...batch];
  async function lane() {
    while (!signal.aborted) {
      const push = waiting.shift();
      if (!push) return;
      const outcome = await deliver(options, push);
      if (outcome === 'sent') {
        await markPushSent(options.db, push, now());
        round.sent++;
      } else if (outcome === 'gone') {
        await removeGoneSubscription(options.db, push.subscriptionId);
        round.gone++;
        log.info({ pushId: push.id, subscriptionId: push.subscriptionId }, 'push subscription gone: removed');
      } else {
        const final = 'fail' in outcome;
        const error = 'fail' in outcome ? outcome.fail : outcome.retry;
        const givenUp = await markPushFailed(options.db, push, error, now(), { final, maxAttempts: PUSH_MAX_ATTEMPTS });
        if (givenUp) round.failed++;
        else round.retried++;
        log[givenUp ? 'error' : 'warn'](
          { pushId: push.id, attempts: push.attempts, error, givenUp },
          givenUp ? 'push given up' : 'push not sent: will retry',
        );
      }
    }
  }
  const outcomes = await Promise.allSettled(Array.from({ length: Math.min(PUSH_CONCURRENCY, batch.length) }, lane));
  if (waiting.length) await releasePushes(options.db, waiting);
  const thrown = outcomes.find((outcome) => outcome.status === 'rejected');
  if (thrown) throw thrown.reason;
  return round;
}

/** Sends everything due now, batch after batch. */
async function drain(options: TPushSenderOptions, ctx: TJobContext): Promise<TPushRound> {
  const total: TPushRound = { sent: 0, retried: 0, failed: 0, gone: 0 };
  while (!ctx.signal.aborted) {
    const limit = options.batchSize ?? PUSH_BATCH_SIZE;
    const batch = await claimDuePushes(options.db, ctx.now(), { limit, leaseSeconds: PUSH_LEASE_SECONDS });
    if (!batch.length) break;
    const round = await sendBatch(options, batch, ctx);
    for (const key of Object.keys(total) as (keyof TPushRound)[]) total[key] += round[key];
    // A push put back waits for its backoff: a batch with one ends the round.
    if (batch.length < limit || round.retried) break;
  }
  return total;
}

/** The push outbox's job, for the app's runner; every instance runs it (the claim gives each push to one sender). */
export function pushOutboxJob(options: TPushSenderOptions): TJob<TPushRound> {
  let prunedAt = 0;
  return {
    name: 'push-outbox',
    every: 2,
    exclusive: false,
    run: async (ctx) => {
      const round = await drain(options, ctx);
      const at = ctx.now().getTime();
      if (at - prunedAt >= PRUNE_EVERY_MS) {
        prunedAt = at;
        await pruneOldPushes(options.db, new Date(at - PUSH_KEEP_MS), 1000, ctx.signal);
      }
      return round;
    },
  };
}
