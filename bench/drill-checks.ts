/**
 * The drill's after-checks and its table (bench/drill.ts): the recorded requests set against the database's tables
 * and the SMTP server's deliveries. A write answered 2xx is acknowledged and must be there; a request answered 4xx
 * was refused and must have changed nothing; one answered 5xx or not at all may or may not have been made, so it only
 * widens what the history may hold. A write answered 503 is sent again by the drill's client; each attempt is a call of
 * its own, so a 503 whose write was in fact made (the commit reached the standby, the answer was cut) only widens it too.
 */
import type pg from 'pg';
import type { TBalancerError } from './drill-balancer';

export interface TCall {
  /** 0 for a first attempt; n for the n-th retry of a write answered 503. */
  retry: number;
  vu: number;
  email: string;
  action: string;
  method: string;
  /** The path with ids as {id}, without the query. */
  path: string;
  /** Seconds since the traffic started, when sent and when answered (or failed). */
  t0: number;
  t1: number;
  /** 0: no answer (connection error or timeout at the client). */
  status: number;
  code?: string;
  snippet?: string;
  error?: string;
  /** The answer came from the balancer itself (502: no instance took or finished the request). */
  balancer?: boolean;
  offerId?: number;
  appId?: number;
  decision?: 'accepted' | 'rejected';
  /** The `status` field of a 2xx answer (an application's or an offer's). */
  result?: string;
}

export interface TDelivery {
  at: number;
  to: string[];
  messageId?: string;
}

/** The failover step (--failover): seconds since the traffic started, and the wall clock for the database's times. */
export interface TFailover {
  killedAt: number;
  promotedAt: number;
  /** When HAProxy sent connections to the new primary only. */
  proxyAt: number;
  killedWall: Date;
  promotedWall: Date;
}

export interface TDrillFacts {
  calls: TCall[];
  setupCalls: TCall[];
  balancerErrors: TBalancerError[];
  deliveries: TDelivery[];
  timeline: { at: number; what: string; detail: string }[];
  trafficSeconds: number;
  drained: boolean;
  drainSeconds: number;
  /** Mails waiting in the outbox when the traffic and the faults were over. */
  waitingAtEnd: number;
  users: number;
  owners: number;
  minutes: number;
  loadBefore: number;
  loadAfter: number;
  logs: string;
  /** Instance exits the drill did not ask for (a crash, a SIGTERM not answered by exit 0). */
  badExits: string[];
  failover?: TFailover;
  /** Server processes that should each hold a LISTEN connection at the end. */
  instances: number;
}

const acked = (c: TCall) => c.status >= 200 && c.status < 300;
/** The writes the checks look for in the database. */
const WRITES = new Set([
  'publish offer',
  'apply',
  'withdraw',
  'decide accepted',
  'decide rejected',
  'cancel acceptance',
  'close offer',
]);
/** Neither acknowledged nor refused: the write may or may not have been made. */
const unknown = (c: TCall) => c.status === 0 || c.status >= 500;
/** A 5xx the product must never answer: 503 is an outage's answer, the balancer's 502 a request cut by a kill. */
const faulty = (c: TCall) => c.status >= 500 && c.status !== 503 && !(c.status === 502 && c.balancer);
const s = (n: number) => n.toFixed(1);
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\s+/g, ' ');

interface TCheck {
  name: string;
  checked: number;
  problems: string[];
}

export async function verify(db: pg.Client, facts: TDrillFacts): Promise<{ report: string; failed: boolean }> {
  const { calls } = facts;
  const offers = (
    await db.query<{ id: number; email: string; title: string; positions: number; accepted_count: number; closed: boolean }>(
      'select o.id, u.email, o.title, o.positions, o.accepted_count, o.closed_at is not null as closed from offers o join users u on u.id = o.owner_id',
    )
  ).rows;
  const applications = (
    await db.query<{ id: number; offer_id: number; email: string; status: string }>(
      'select a.id, a.offer_id, u.email, a.status from applications a join users u on u.id = a.farmacista_id',
    )
  ).rows;
  const events = (
    await db.query<{ application_id: number; status: string }>(
      'select application_id, status from application_events order by id',
    )
  ).rows;
  const outbox = (
    await db.query<{ id: number; sent: boolean; failed: boolean; attempts: number; claimed: boolean }>(
      'select id, sent_at is not null as sent, failed_at is not null as failed, attempts, claimed_until > now() as claimed from mail_outbox order by id',
    )
  ).rows;

  const longestWait = (
    await db.query<{ s: number | null }>('select extract(epoch from max(sent_at - created_at))::float as s from mail_outbox')
  ).rows[0]?.s;

  const checks: TCheck[] = [];
  const check = (name: string) => {
    const c: TCheck = { name, checked: 0, problems: [] };
    checks.push(c);
    return c;
  };
  const exits = check('instances exit only when told: SIGKILL, or SIGTERM answered by exit 0');
  exits.checked = facts.timeline.filter((e) => e.what.endsWith('exited')).length;
  exits.problems.push(...facts.badExits);
  const offerById = new Map(offers.map((o) => [o.id, o]));
  const appById = new Map(applications.map((a) => [a.id, a]));
  const appByKey = new Map(applications.map((a) => [`${a.offer_id}:${a.email}`, a]));
  const historyOf = new Map<number, string[]>();
  for (const e of events) historyOf.set(e.application_id, [...(historyOf.get(e.application_id) ?? []), e.status]);

  // Offers: every acknowledged one there, as its owner; no more than acknowledged plus unknown per owner.
  const publishes = calls.filter((c) => c.action === 'publish offer');
  const offersThere = check('acknowledged offers are stored, as their owner’s');
  for (const c of publishes.filter(acked)) {
    offersThere.checked++;
    const id = c.offerId;
    const row = id === undefined ? undefined : offerById.get(id);
    if (!row || row.email !== c.email)
      offersThere.problems.push(`offer ${id} published by ${c.email} at ${s(c.t0)} s is missing`);
  }
  const offerCount = check('offers per owner: acknowledged ≤ stored ≤ acknowledged + unanswered');
  for (const email of new Set(publishes.map((c) => c.email))) {
    offerCount.checked++;
    const mine = publishes.filter((c) => c.email === email);
    const stored = offers.filter((o) => o.email === email).length;
    const low = mine.filter(acked).length;
    const high = low + mine.filter(unknown).length;
    if (stored < low || stored > high) offerCount.problems.push(`${email}: ${stored} offers stored, expected ${low}–${high}`);
  }
  const closes = calls.filter((c) => c.action === 'close offer');
  const closedRight = check('acknowledged closes are closed; offers no one closed are not');
  for (const o of offers) {
    const mine = closes.filter((c) => c.offerId === o.id);
    if (mine.some(acked) && !o.closed) closedRight.problems.push(`offer ${o.id}: close acknowledged, closed_at is null`);
    if (mine.length === 0 && o.closed) closedRight.problems.push(`offer ${o.id}: closed though no close was sent`);
    closedRight.checked++;
  }
  const positions = check('accepted applications ≤ positions, and accepted_count agrees');
  for (const o of offers) {
    positions.checked++;
    const accepted = applications.filter((a) => a.offer_id === o.id && a.status === 'accepted').length;
    if (accepted > o.positions) positions.problems.push(`offer ${o.id}: ${accepted} accepted for ${o.positions} positions`);
    if (accepted !== o.accepted_count)
      positions.problems.push(`offer ${o.id}: accepted_count ${o.accepted_count}, ${accepted} accepted`);
  }

  // Applications: the acknowledged ones there; each acknowledged step in the history, nothing refused in it.
  const applies = calls.filter((c) => c.action === 'apply');
  const appsThere = check('acknowledged applications are stored, on their offer');
  for (const c of applies.filter(acked)) {
    appsThere.checked++;
    const row = appByKey.get(`${c.offerId}:${c.email}`);
    if (!row) appsThere.problems.push(`application of ${c.email} to offer ${c.offerId} (${s(c.t0)} s) is missing`);
  }
  /** The requests on one application: its applies (by offer and pharmacist), withdrawals and decisions. */
  const callsOn = (a: { id: number; offer_id: number; email: string }) =>
    calls.filter((c) => c.appId === a.id || (c.action === 'apply' && c.offerId === a.offer_id && c.email === a.email));
  const statusOf = (c: TCall) => (c.action === 'apply' ? 'sent' : c.action === 'withdraw' ? 'withdrawn' : c.decision);
  const steps = check('history: every acknowledged step is in it, no refused one');
  const lastStep = check("an application's status is its history's last step");
  const finalState = check('the last acknowledged step, when nothing ran after it, is the status');
  let overlapping = 0;
  for (const a of applications) {
    const history = historyOf.get(a.id) ?? [];
    const mine = callsOn(a);
    for (const status of ['sent', 'withdrawn', 'accepted', 'rejected']) {
      const of = mine.filter((c) => statusOf(c) === status);
      const low = of.filter(acked).length;
      const high = low + of.filter(unknown).length;
      const stored = history.filter((h) => h === status).length;
      steps.checked += low;
      // A rejection is also written by the server when an offer fills or closes, a withdrawal when she is booked for
      // the same hours elsewhere (her waiting applications then withdrawn): for those only the lower bound holds.
      const alsoByServer = status === 'rejected' || status === 'withdrawn';
      if (stored < low || (!alsoByServer && stored > high))
        steps.problems.push(
          `application ${a.id}: ${stored} × ${status} in its history, expected ${low}–${alsoByServer ? '…' : high}`,
        );
    }
    lastStep.checked++;
    if (history.at(-1) !== a.status)
      lastStep.problems.push(`application ${a.id}: status ${a.status}, history ends ${history.at(-1)}`);
    const last = mine
      .filter(acked)
      .sort((x, y) => x.t1 - y.t1)
      .at(-1);
    if (!last) continue;
    // What else could change it: any other request on it, a close of its offer, an acceptance that fills its offer, an
    // acceptance of another application of hers (booked, her waiting ones are withdrawn).
    const touching = [
      ...mine,
      ...calls.filter((c) => c.offerId === a.offer_id && (c.action === 'close offer' || c.decision === 'accepted')),
      ...calls.filter((c) => c.decision === 'accepted' && c.appId !== undefined && appById.get(c.appId)?.email === a.email),
    ].filter((c) => c !== last);
    if (touching.some((c) => c.t1 >= last.t0)) {
      overlapping++;
      continue;
    }
    finalState.checked++;
    const expected = last.result ?? statusOf(last);
    if (a.status !== expected)
      finalState.problems.push(
        `application ${a.id}: ${last.action} acknowledged at ${s(last.t1)} s as ${expected}, stored ${a.status}`,
      );
  }
  const decisionsThere = check('acknowledged decisions and withdrawals are on a stored application');
  for (const c of calls.filter((c) => acked(c) && (c.action === 'withdraw' || c.decision))) {
    decisionsThere.checked++;
    if (c.appId === undefined || !appById.has(c.appId))
      decisionsThere.problems.push(`${c.action} on application ${c.appId} at ${s(c.t0)} s: missing`);
  }

  // Mail: everything queued delivered once the outbox drained; second deliveries of a Message-ID counted.
  const byOutboxId = new Map<number, number>();
  let others = 0;
  for (const d of facts.deliveries) {
    const id = Number(/^outbox-(\d+)-/.exec(d.messageId ?? '')?.[1] ?? Number.NaN);
    if (Number.isNaN(id)) others++;
    else byOutboxId.set(id, (byOutboxId.get(id) ?? 0) + 1);
  }
  const mail = check('every queued mail delivered (Message-ID), the outbox drained');
  let duplicates = 0;
  for (const row of outbox) {
    mail.checked++;
    const delivered = byOutboxId.get(row.id) ?? 0;
    if (delivered > 1) duplicates += delivered - 1;
    if (row.failed) mail.problems.push(`outbox ${row.id}: given up after ${row.attempts} attempts`);
    else if (!row.sent)
      mail.problems.push(
        `outbox ${row.id}: not sent after the wait (${row.attempts} attempts${row.claimed ? ', claimed by a lease' : ''})`,
      );
    else if (delivered === 0) mail.problems.push(`outbox ${row.id}: marked sent, never delivered`);
  }
  const messageIds = facts.deliveries.map((d) => d.messageId);
  const duplicateIds = [...new Set(messageIds.filter((id, i) => messageIds.indexOf(id) !== i))];

  // Lost: an acknowledged write the database does not have (an offer, an application, a step of its history, the
  // application a decision or withdrawal was made on, a close).
  const writes = calls.filter((c) => WRITES.has(c.action));
  const lost =
    offersThere.problems.length +
    appsThere.problems.length +
    decisionsThere.problems.length +
    steps.problems.filter((p) => {
      const m = / (\d+) × \w+ in its history, expected (\d+)–/.exec(p);
      return m && Number(m[1]) < Number(m[2]);
    }).length +
    closedRight.problems.filter((p) => p.includes('close acknowledged')).length;

  // The failover: 503s retried to an answer, the gap in writes, and the outbox, the jobs and LISTEN on the new primary.
  const f = facts.failover;
  let failoverLines: string[] = [];
  if (f) {
    const retried = check('every write answered 503 was retried until answered 2xx or 4xx (its effect then known)');
    const chains = new Map<string, TCall[]>();
    for (const c of calls.filter((c) => c.method !== 'GET')) {
      // A first attempt opens a chain; its retries follow it in order, by the same user (one request at a time each).
      const key = c.retry === 0 ? `${c.vu}:${c.t0}` : ([...chains.keys()].filter((k) => k.startsWith(`${c.vu}:`)).at(-1) ?? '');
      chains.set(key, [...(chains.get(key) ?? []), c]);
    }
    const switching = (c: TCall) => c.t0 >= f.killedAt && c.t0 <= f.proxyAt + 5;
    /** Writes of the switch answered 503: how many, and how their retries ended. */
    const duringSwitch = { with503: 0, to2xx: 0, to4xx: 0 };
    for (const chain of chains.values()) {
      if (!chain.some((c) => c.status === 503)) continue;
      retried.checked++;
      const last = chain.at(-1) as TCall;
      if (chain.some((c) => c.status === 503 && switching(c))) {
        duringSwitch.with503++;
        if (acked(last)) duringSwitch.to2xx++;
        else if (last.status >= 400 && last.status < 500) duringSwitch.to4xx++;
      }
      if (!(last.status >= 200 && last.status < 500))
        retried.problems.push(
          `${last.method} ${last.path} of ${last.email} at ${s(chain[0]?.t0 ?? 0)} s: last answer ${last.status} after ${chain.length} attempts`,
        );
    }
    const ackedWrites = calls.filter((c) => c.method !== 'GET' && c.action !== 'login' && acked(c));
    const before = ackedWrites
      .filter((c) => c.t1 <= f.killedAt)
      .sort((x, y) => x.t1 - y.t1)
      .at(-1);
    const after = ackedWrites.filter((c) => c.t0 >= f.killedAt).sort((x, y) => x.t1 - y.t1)[0];
    const gap = before && after ? after.t1 - before.t1 : Number.NaN;
    const fiveHundreds = calls.filter((c) => switching(c) && c.status >= 500 && c.status !== 503);

    const outboxAfter = (
      await db.query<{ queued: number; sent: number }>(
        'select count(*)::int as queued, count(sent_at)::int as sent from mail_outbox where created_at > $1',
        [f.promotedWall],
      )
    ).rows[0] ?? { queued: 0, sent: 0 };
    const mailAfter = check('mail queued on the new primary was sent from it');
    mailAfter.checked = outboxAfter.queued;
    if (outboxAfter.queued === 0) mailAfter.problems.push('no mail was queued after the promotion: the outbox was not exercised');
    if (outboxAfter.sent < outboxAfter.queued)
      mailAfter.problems.push(`${outboxAfter.queued - outboxAfter.sent} of ${outboxAfter.queued} not sent`);
    const jobs = (
      await db.query<{ name: string; after: boolean }>(
        "select name, coalesce(last_success_at > $1, false) as after from job_runs where name in ('mail-outbox', 'push-outbox')",
        [f.promotedWall],
      )
    ).rows;
    const jobsAfter = check('the job runner ran its jobs on the new primary (mail-outbox, push-outbox)');
    for (const name of ['mail-outbox', 'push-outbox']) {
      jobsAfter.checked++;
      if (!jobs.find((j) => j.name === name)?.after) jobsAfter.problems.push(`${name}: no success after the promotion`);
    }
    const listening =
      (
        await db.query<{ n: number }>(
          "select count(*)::int as n from pg_stat_activity where datname = current_database() and query ilike 'LISTEN %'",
        )
      ).rows[0]?.n ?? 0;
    const listen = check('every instance LISTENs on the new primary (events between instances)');
    listen.checked = facts.instances;
    if (listening < facts.instances) listen.problems.push(`${listening} LISTEN connections, ${facts.instances} instances`);

    failoverLines = [
      '## Failover',
      '',
      `The primary was killed at ${s(f.killedAt)} s, the standby promoted at ${s(f.promotedAt)} s, and HAProxy sent connections to it only from ${s(f.proxyAt)} s (its check every 0.5 s).`,
      '',
      '| writes acknowledged | lost | seconds without writes | last write before (s) | first write after (s) | answers 503 in the switch | writes answered 503 | then 2xx when retried | then 4xx | other 5xx in the switch | mail queued after / sent |',
      '| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
      `| ${writes.filter(acked).length} | ${lost} | ${Number.isNaN(gap) ? '–' : s(gap)} | ${before ? s(before.t1) : '–'} | ${after ? s(after.t1) : '–'} | ${calls.filter((c) => switching(c) && c.status === 503).length} | ${duringSwitch.with503} | ${duringSwitch.to2xx} | ${duringSwitch.to4xx} | ${fiveHundreds.length} | ${outboxAfter.queued} / ${outboxAfter.sent} |`,
      '',
      'The switch: requests sent from the kill until 5 s after HAProxy followed. Seconds without writes: from the last write acknowledged before the kill to the first write sent after it that was acknowledged (any user, any write). It holds the promotion delay (`--promote-after-seconds`), the promotion, the proxy’s check, new connections and the client’s wait before its retry (at most a second here). A write answered 503 whose retry got a 4xx had been made by its first attempt (the commit done, its answer lost with the connection) or was refused for another reason (the offer closed meanwhile); either way the checks count it once.',
      '',
    ];
  }

  // ------------------------------------------------------------ the table
  const lines: string[] = [];
  const out = (line = '') => lines.push(line);
  const fives = calls.filter((c) => c.status >= 500);
  const failed = checks.some((c) => c.problems.length > 0) || calls.some(faulty) || facts.setupCalls.some(faulty);
  out(`# The drill: two instances behind a balancer, faults on a timeline${f ? ', a database failover' : ''}`);
  out();
  out(
    `${new Date().toISOString().slice(0, 16)} UTC · ${facts.minutes} min of traffic · ${facts.users} virtual users (${facts.owners} owners, ${facts.users - facts.owners} pharmacists) · ` +
      `load average ${facts.loadBefore.toFixed(1)} before, ${facts.loadAfter.toFixed(1)} at the end · instance logs in \`${facts.logs}\``,
  );
  out();
  out(
    `**${failed ? 'FAILED' : 'PASSED'}**: ${calls.filter(faulty).length} faulty 5xx, ${checks.reduce((n, c) => n + c.problems.length, 0)} problems in the checks. ` +
      `Writes acknowledged: ${writes.filter(acked).length}, lost: ${lost}.`,
  );
  out();
  for (const line of failoverLines) out(line);
  out('## Timeline');
  out();
  out('| at (s) | event | detail |');
  out('| ---: | --- | --- |');
  for (const e of facts.timeline) out(`| ${s(e.at)} | ${e.what} | ${cell(e.detail)} |`);
  out();
  out('## Traffic');
  out();
  const count = (list: TCall[], test: (c: TCall) => boolean) => list.filter(test).length;
  out('| requests | seconds | req/s | 2xx | 4xx | 503 | 502 (balancer) | other 5xx | no answer |');
  out('| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  out(
    `| ${calls.length} | ${s(facts.trafficSeconds)} | ${s(calls.length / facts.trafficSeconds)} | ${count(calls, acked)} | ${count(calls, (c) => c.status >= 400 && c.status < 500)} | ${count(calls, (c) => c.status === 503)} | ${count(calls, (c) => c.status === 502 && !!c.balancer)} | ${count(calls, faulty)} | ${count(calls, (c) => c.status === 0)} |`,
  );
  out();
  out('| action | requests | 2xx | 4xx | 503 | 5xx else | no answer | p50 ms | p95 ms | p99 ms |');
  out('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const action of [...new Set(calls.map((c) => c.action))].sort()) {
    const of = calls.filter((c) => c.action === action);
    const ms = of
      .filter((c) => c.status > 0)
      .map((c) => (c.t1 - c.t0) * 1000)
      .sort((x, y) => x - y);
    out(
      `| ${action} | ${of.length} | ${count(of, acked)} | ${count(of, (c) => c.status >= 400 && c.status < 500)} | ${count(of, (c) => c.status === 503)} | ${count(of, (c) => c.status >= 500 && c.status !== 503)} | ${count(of, (c) => c.status === 0)} | ${percentile(ms, 0.5).toFixed(0)} | ${percentile(ms, 0.95).toFixed(0)} | ${percentile(ms, 0.99).toFixed(0)} |`,
    );
  }
  out();
  out('Per 10 seconds (by when each request was sent):');
  out();
  out('| from (s) | requests | req/s | 2xx | 4xx | 503 | 5xx else | no answer | p95 ms |');
  out('| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (let from = 0; from < facts.trafficSeconds; from += 10) {
    const of = calls.filter((c) => c.t0 >= from && c.t0 < from + 10);
    const ms = of
      .filter((c) => c.status > 0)
      .map((c) => (c.t1 - c.t0) * 1000)
      .sort((x, y) => x - y);
    out(
      `| ${from} | ${of.length} | ${s(of.length / Math.min(10, facts.trafficSeconds - from))} | ${count(of, acked)} | ${count(of, (c) => c.status >= 400 && c.status < 500)} | ${count(of, (c) => c.status === 503)} | ${count(of, (c) => c.status >= 500 && c.status !== 503)} | ${count(of, (c) => c.status === 0)} | ${percentile(ms, 0.95).toFixed(0)} |`,
    );
  }
  out();
  const codes = new Map<string, number>();
  for (const c of calls.filter((c) => c.status >= 400))
    codes.set(`${c.status} ${c.code ?? '–'}`, (codes.get(`${c.status} ${c.code ?? '–'}`) ?? 0) + 1);
  out(
    `Answers other than 2xx by code: ${
      [...codes]
        .sort((x, y) => y[1] - x[1])
        .map(([k, n]) => `${k} × ${n}`)
        .join(', ') || 'none'
    }.`,
  );
  out();
  out(`## Every 5xx (${fives.length})`);
  out();
  if (fives.length) {
    out('| at (s) | method | path | status | from | body |');
    out('| ---: | --- | --- | ---: | --- | --- |');
    for (const c of fives)
      out(
        `| ${s(c.t0)} | ${c.method} | ${c.path} | ${c.status} | ${c.balancer ? 'balancer' : 'instance'} | ${cell(c.snippet ?? '')} |`,
      );
  } else out('None.');
  const noAnswer = calls.filter((c) => c.status === 0);
  if (noAnswer.length) {
    out();
    out(
      `Requests with no answer at the client (${noAnswer.length}): ${noAnswer.map((c) => `${c.method} ${c.path} at ${s(c.t0)} s (${c.error})`).join('; ')}.`,
    );
  }
  out();
  out(`## Connection errors at the balancer (${facts.balancerErrors.length})`);
  out();
  if (facts.balancerErrors.length) {
    out('| at (s) | instance | method | path | error | had reached the instance | outcome |');
    out('| ---: | ---: | --- | --- | --- | --- | --- |');
    for (const e of facts.balancerErrors)
      out(
        `| ${s(e.at)} | ${e.instance} | ${e.method} | ${cell(e.path.split('?')[0] ?? '')} | ${e.error} | ${e.connected ? 'yes' : 'no'} | ${e.outcome} |`,
      );
  } else out('None.');
  out();
  out('## Checks in the database');
  out();
  out('| check | checked | problems |');
  out('| --- | ---: | ---: |');
  for (const c of checks) out(`| ${c.name} | ${c.checked} | ${c.problems.length} |`);
  out();
  out(
    `${overlapping} applications had a request or an offer change running after their last acknowledged step began: their status is checked against their history only.`,
  );
  for (const c of checks.filter((c) => c.problems.length)) {
    out();
    out(`### ${c.name}`);
    out();
    for (const problem of c.problems.slice(0, 50)) out(`- ${problem}`);
    if (c.problems.length > 50) out(`- … and ${c.problems.length - 50} more`);
  }
  out();
  out('## Mail');
  out();
  out(
    '| queued | waiting at the end of the faults | drained in (s) | sent | given up | still waiting | delivered | distinct Message-IDs | Message-IDs delivered twice or more (extra copies) | not from the outbox | longest wait in the outbox (s) |',
  );
  out('| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  out(
    `| ${outbox.length} | ${facts.waitingAtEnd} | ${facts.drained ? s(facts.drainSeconds) : `not within ${s(facts.drainSeconds)}`} | ${outbox.filter((r) => r.sent).length} | ${outbox.filter((r) => r.failed).length} | ${outbox.filter((r) => !r.sent && !r.failed).length} | ${facts.deliveries.length} | ${new Set(messageIds).size} | ${duplicateIds.length} (${duplicates}) | ${others} | ${longestWait == null ? '–' : s(longestWait)} |`,
  );
  if (duplicateIds.length) {
    out();
    out(
      `Delivered more than once: ${duplicateIds.map((id) => `\`${id}\` × ${messageIds.filter((m) => m === id).length}`).join(', ')}.`,
    );
  }
  out();
  return { report: lines.join('\n'), failed };
}
