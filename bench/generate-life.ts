/**
 * The benchmark dataset's life after a year on the platform (bench/generate.ts runs it once the offers, applications
 * and reviews are in): the rows the newer lists read, in proportions a national platform would have, written set-based
 * (INSERT … SELECT) so scale 1 stays within a couple of minutes. Notification texts are the product's own
 * (NOTIFICATION_TEXT), invoices are issued by the product's issueInvoice, so what the lists read is what they would
 * find. "Random" choices are hashes of the rows' ids (`pick`), so two runs give the same dataset.
 */
import { addDays, NOTIFICATION_TEXT, todayInItaly } from '@farmaponte/shared';
import { sql } from 'drizzle-orm';
import type { TDb } from '../apps/api/src/db/client';
import {
  applicationEvents,
  applications,
  auditLog,
  availability,
  availabilityDays,
  invitations,
  invoices,
  messages,
  notifications,
  offers,
  organisations,
  payProposals,
  professionalFiles,
  profiles,
  reports,
  reviews,
  shiftExpenses,
  users,
  verifications,
  workedHours,
  workedHoursReviews,
} from '../apps/api/src/db/schema';
import { rawRows } from '../apps/api/src/lib/raw-sql';
import { issueInvoice } from '../apps/api/src/modules/invoices';
import { BENCH_ACCOUNTS } from './database';

/** A deterministic draw in 0…999 from an SQL integer expression (the row's id, mixed with a salt). */
const pick = (expression: ReturnType<typeof sql>, salt: number) =>
  sql`((hashint4((${expression})::int # ${sql.raw(String(salt))}) & 2147483647) % 1000)`;

/** A notification text with '{1}' and '{2}' for its arguments, filled in by SQL (`fill`). */
function template(text: (a: string, b: string) => { title: string; body: string }) {
  return text('{1}', '{2}');
}
const fill = (text: string, a: ReturnType<typeof sql>, b: ReturnType<typeof sql>) =>
  sql`replace(replace(${text}::text, '{1}', ${a}), '{2}', ${b})`;

export interface TLifeIds {
  adminId: number;
  pharmacistIds: number[];
  comuni: readonly { istat: string; nome: string; sigla: string; cap: string; lat: number; lng: number }[];
  scale: number;
}

export async function addLife(db: TDb, ids: TLifeIds, log: (step: string) => void): Promise<Record<string, number>> {
  const now = new Date();
  const today = todayInItaly(now);
  const s = ids.scale;
  const f0 = ids.pharmacistIds[0] ?? 0;
  const lastDay = sql`coalesce(o.date_to, o.date_from)`;
  const pharmacyName = sql`p.denominazione_farmacia`;

  // Applications that did not become shifts: those of ended offers were turned down when the places filled, a quarter of
  // the open offers' have been opened by the pharmacy ('seen'), one in twenty was withdrawn.
  await db.execute(sql`
    update ${applications} a set status = 'rejected', status_changed_at = least(o.date_from - interval '1 day', now()),
      message = 'Grazie per la disponibilità: i posti sono stati coperti.'
    from ${offers} o where o.id = a.offer_id and a.status = 'sent' and ${lastDay} < ${today}::date`);
  await db.execute(sql`
    update ${applications} a set status = case when ${pick(sql`a.id`, 1)} < 50 then 'withdrawn' else 'seen' end,
      status_changed_at = a.submitted_at + interval '1 day'
    where a.status = 'sent' and ${pick(sql`a.id`, 1)} < 300 and a.submitted_at < now() - interval '1 day'`);
  await db.execute(sql`
    insert into ${applicationEvents} (application_id, status, message, at)
    select id, status, message, status_changed_at from ${applications} where status in ('seen', 'rejected', 'withdrawn')`);
  log('application steps');

  // Verifications of pharmacists (owners are all verified): most checked over the year against the albo, with the
  // yearly recheck due, some rejected, a few hundred waiting in the admins' queue.
  await db.execute(sql`
    insert into ${verifications} (user_id, status, reason, requested_at, decided_at, decided_by, recheck_at)
    select u.id, v.status,
      case when v.status = 'rejected' then 'Il numero di iscrizione all''albo non corrisponde all''Ordine indicato.' end,
      v.requested_at,
      case when v.status <> 'pending' then v.requested_at + interval '20 hours' end,
      case when v.status <> 'pending' then ${ids.adminId}::int end,
      case when v.status = 'verified' then v.requested_at + interval '365 days' end
    from ${users} u cross join lateral (select
      case when u.id = ${f0} then 'verified' when ${pick(sql`u.id`, 2)} < ${Math.round(15 / s)} then 'pending'
        when ${pick(sql`u.id`, 2)} < ${Math.round(15 / s) + 10} then 'rejected' else 'verified' end as status,
      case when ${pick(sql`u.id`, 2)} < ${Math.round(15 / s)}
        then now() - (${pick(sql`u.id`, 3)} * interval '12 minutes')
        else now() - interval '2 days' - (${pick(sql`u.id`, 3)} * interval '8 hours') end as requested_at) v
    where u.role = 'farmacista'`);
  log('verifications');

  // Availability: seven pharmacists in ten keep a calendar (most visible to owners), starting from a comune of their
  // province's kind, going 10–80 km, free on about a third of the next 90 days.
  const comuni = ids.comuni;
  await db.execute(sql`
    insert into ${availability} (user_id, comune, province, lat, lng, radius_km, min_pay, visible, updated_at)
    select u.id, c.nome, c.sigla, c.lat, c.lng, 10 + ${pick(sql`u.id`, 5)} % 8 * 10,
      case when ${pick(sql`u.id`, 6)} < 600 then null else 16 + ${pick(sql`u.id`, 6)} % 8 end,
      u.id = ${f0} or ${pick(sql`u.id`, 7)} < 850, now() - (${pick(sql`u.id`, 8)} * interval '2 hours')
    from ${users} u
    join unnest(${sql.param(comuni.map((c) => c.nome))}::text[], ${sql.param(comuni.map((c) => c.sigla))}::text[],
      ${sql.param(comuni.map((c) => c.lat))}::float8[], ${sql.param(comuni.map((c) => c.lng))}::float8[])
      with ordinality as c(nome, sigla, lat, lng, n) on c.n = 1 + (hashint4(u.id) & 2147483647) % ${comuni.length}
    where u.role = 'farmacista' and (u.id = ${f0} or ${pick(sql`u.id`, 4)} < 700)`);
  await db.execute(sql`
    insert into ${availabilityDays} (user_id, day, part)
    select a.user_id, ${today}::date + d,
      (array['giornata', 'mattina', 'pomeriggio', 'giornata', 'notte'])[1 + ${pick(sql`a.user_id * 101 + d`, 10)} % 5]
    from ${availability} a cross join generate_series(0, 89) d
    where ${pick(sql`a.user_id * 101 + d`, 9)} < 330`);
  log('availability');

  // Invitations: owners invited pharmacists on two open offers in five over the last ten days (4–15 each, one in three
  // by the platform); titolare0 on four offers in five, a third of them with 60. A quarter declined; those unanswered
  // for 72 hours (or past the offer's first day) read as expired.
  const nPharmacists = ids.pharmacistIds.length;
  await db.execute(sql`
    with invited as (
      select o.id as offer_id, o.date_from, o.created_at, o.owner_id, k,
        (${sql.param(ids.pharmacistIds)}::int[])[1 + ${pick(sql`o.id * 53 + k`, 11)} * ${nPharmacists} / 1000
          + ${pick(sql`o.id * 59 + k`, 12)} % ${Math.max(1, Math.floor(nPharmacists / 1000))}] as pharmacist_id,
        now() - (${pick(sql`o.id * 61 + k`, 13)} * interval '14 minutes') as at
      from ${offers} o
      join ${users} u on u.id = o.owner_id and coalesce(o.date_from, ${today}::date) >= ${today}::date
      cross join lateral generate_series(1, case when u.email = ${BENCH_ACCOUNTS.owner} and o.id % 3 = 0 then 60
        else 4 + ${pick(sql`o.id`, 14)} % 12 end) k
      where (u.email = ${BENCH_ACCOUNTS.owner} and o.id % 5 <> 4) or ${pick(sql`o.id`, 15)} < 400)
    insert into ${invitations} (offer_id, pharmacist_id, invited_by, message, status, expires_at, decline_reason, created_at,
      decided_at)
    select offer_id, pharmacist_id, case when k % 3 = 0 then 'auto' else 'owner' end,
      case when k % 3 <> 0 then 'Buongiorno, la sua disponibilità corrisponde al turno: le andrebbe?' end,
      case when ${pick(sql`offer_id * 7 + k`, 16)} < 250 then 'declined' else 'sent' end,
      least(at + interval '72 hours', coalesce(date_from::timestamptz, at + interval '72 hours')),
      case when ${pick(sql`offer_id * 7 + k`, 16)} < 250 then 'Sono già impegnata in quei giorni.' end,
      at, case when ${pick(sql`offer_id * 7 + k`, 16)} < 250 then at + interval '5 hours' end
    from invited where pharmacist_id is not null
    on conflict do nothing`);
  // farmacista0 is invited to 40 open offers of the last weeks.
  await db.execute(sql`
    insert into ${invitations} (offer_id, pharmacist_id, invited_by, status, expires_at, created_at)
    select o.id, ${f0}, 'owner', 'sent', now() - interval '1 day' + (o.id % 7) * interval '1 day',
      now() - interval '2 days' - (o.id % 20) * interval '1 day'
    from ${offers} o where coalesce(o.date_from, ${today}::date) >= ${today}::date and o.id % 97 = 0 limit 40
    on conflict do nothing`);
  log('invitations');

  // Threads: every shift's application has a few messages (3–8), one in eight of the others one to three; the newest
  // message of a third of the live threads is still unread. farmacista0's first shift of the month has 80.
  const messageBodies = [
    'Buongiorno, confermo la disponibilità per il turno.',
    'Perfetto, grazie. Arrivi dieci minuti prima per il passaggio di consegne?',
    'Certo, nessun problema. C’è parcheggio vicino alla farmacia?',
    'Sì, in via Garibaldi, a due passi. Le lascio il codice dell’allarme in busta.',
    'Grazie, a presto.',
    'Mi scusi, posso portare il camice o lo fornite voi?',
    'Lo forniamo noi. Buon turno!',
    'Tutto a posto, a fine turno le lascio il riepilogo delle ricette.',
  ];
  const [longThread] = await rawRows<{ id: number }>(
    db,
    sql`
      select a.id from ${applications} a join ${offers} o on o.id = a.offer_id
      where a.farmacista_id = ${f0} and a.status = 'accepted' and o.date_from >= date_trunc('month', ${today}::date)
        and o.date_from <= ${today}::date
      order by o.date_from limit 1`,
  );
  await db.execute(sql`
    with threads as (
      select a.id, a.farmacista_id, o.owner_id, a.submitted_at, a.status,
        case when a.id = ${longThread?.id ?? 0} then 80 when a.status = 'accepted' then 3 + ${pick(sql`a.id`, 17)} % 6
          else 1 + ${pick(sql`a.id`, 17)} % 3 end as n,
        least(greatest(now() - a.submitted_at, interval '1 hour'), interval '10 days') as span
      from ${applications} a join ${offers} o on o.id = a.offer_id
      where a.status = 'accepted' or ${pick(sql`a.id`, 18)} < 125)
    insert into ${messages} (application_id, author_id, recipient_id, body, read_at, created_at)
    select t.id, case when k % 2 = 1 then t.farmacista_id else t.owner_id end,
      case when k % 2 = 1 then t.owner_id else t.farmacista_id end,
      (${sql.param(messageBodies)}::text[])[1 + (k - 1) % ${messageBodies.length}],
      case when k = t.n and ${pick(sql`t.id`, 19)} < 333 and t.submitted_at > now() - interval '40 days' then null
        else t.submitted_at + t.span * k / (t.n + 1) + interval '30 minutes' end,
      t.submitted_at + t.span * k / (t.n + 1)
    from threads t cross join lateral generate_series(1, t.n) k
    order by t.id, k`);
  log('messages');

  // Negotiations: one application in twenty to an open freelance-capable offer proposed a higher pay; a third of
  // those had the pharmacy's counter.
  await db.execute(sql`
    insert into ${payProposals} (application_id, round, author, hourly_pay, reason, status, decided_at, created_at)
    select a.id, 1, 'farmacista', o.hourly_pay + 2, 'Ho esperienza di galenica e di turni notturni.',
      case when ${pick(sql`a.id`, 21)} < 333 then 'controproposta' else 'in_attesa' end,
      case when ${pick(sql`a.id`, 21)} < 333 then a.submitted_at + interval '1 day' end, a.submitted_at + interval '1 hour'
    from ${applications} a join ${offers} o on o.id = a.offer_id
    where a.status in ('sent', 'seen') and o.hourly_pay is not null and ${pick(sql`a.id`, 20)} < 50`);
  await db.execute(sql`
    insert into ${payProposals} (application_id, round, author, hourly_pay, reason, status, created_at)
    select application_id, 2, 'titolare', hourly_pay - 1, 'Possiamo venirle incontro a metà strada.', 'in_attesa',
      decided_at
    from ${payProposals} where status = 'controproposta'`);
  log('negotiations');

  // Worked hours: on one shift in five the pharmacist corrected the first day's hours (half an hour more); the pharmacy
  // answered those ended more than a week ago (one in ten disputed); those of the last week wait for its answer. On
  // another two in five the pharmacy confirmed the offer's own hours.
  await db.execute(sql`
    insert into ${workedHours} (application_id, day, start_time, end_time, updated_at)
    select a.id, o.date_from, o.start_time, o.end_time, o.date_from + interval '1 day'
    from ${applications} a join ${offers} o on o.id = a.offer_id
    where a.status = 'accepted' and o.date_from < ${today}::date and o.start_time is not null and o.end_time is not null
      and ${pick(sql`a.id`, 22)} < 200`);
  await db.execute(sql`
    update ${workedHours} w set end_time = to_char(w.end_time::time + interval '30 minutes', 'HH24:MI')`);
  await db.execute(sql`
    insert into ${workedHoursReviews} (application_id, status, note, corrected_at, decided_at)
    select a.id,
      case when ${lastDay} >= ${addDays(today, -7)}::date then 'pending'
        when ${pick(sql`a.id`, 23)} < 100 then 'disputed' else 'confirmed' end,
      case when ${lastDay} < ${addDays(today, -7)}::date and ${pick(sql`a.id`, 23)} < 100
        then 'Dal registro presenze risulta l’uscita all’orario previsto.' end,
      ${lastDay} + interval '1 day 2 hours',
      case when ${lastDay} < ${addDays(today, -7)}::date then ${lastDay} + interval '3 days' end
    from ${applications} a join ${offers} o on o.id = a.offer_id
    where exists (select 1 from ${workedHours} w where w.application_id = a.id)`);
  await db.execute(sql`
    insert into ${workedHoursReviews} (application_id, status, decided_at)
    select a.id, 'confirmed', ${lastDay} + interval '2 days'
    from ${applications} a join ${offers} o on o.id = a.offer_id
    where a.status = 'accepted' and ${lastDay} < ${today}::date and ${pick(sql`a.id`, 22)} between 200 and 599`);
  log('worked hours');

  // Expenses: on a third of the freelance shifts that have begun, a parking ticket (receipt a small image).
  const receipt = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  );
  await db.execute(sql`
    insert into ${shiftExpenses} (application_id, kind, description, amount, spent_on, receipt, receipt_name, receipt_type,
      receipt_sha256, status, decided_at, created_at)
    select a.id, 'parcheggio', 'Parcheggio in struttura', 4 + ${pick(sql`a.id`, 24)} % 12, o.date_from, ${receipt},
      'scontrino.png', 'image/png', encode(sha256(${receipt}), 'hex'),
      case when ${lastDay} >= ${addDays(today, -7)}::date then 'in_attesa'
        when ${pick(sql`a.id`, 25)} < 100 then 'contestata' else 'confermata' end,
      case when ${lastDay} < ${addDays(today, -7)}::date then ${lastDay} + interval '3 days' end,
      o.date_from + interval '20 hours'
    from ${applications} a join ${offers} o on o.id = a.offer_id
    where a.status = 'accepted' and a.legal_form = 'libera_professione' and o.date_from < ${today}::date
      and (a.farmacista_id = ${f0} or ${pick(sql`a.id`, 24)} < 333)`);
  log('expenses');

  const invoiceCount = await issueInvoices(db, ids, today, log);

  // Reports: users' reports of offers and of people over the year, most resolved; a few hundred open on the desk.
  const openReports = Math.round(300 * s);
  await db.execute(sql`
    insert into ${reports} (reporter_id, target_type, target_id, target_user_id, reason, details, status, resolved_action,
      resolved_note, resolved_at, resolved_by, created_at)
    select r.reporter_id, r.target_type, r.target_id, r.target_user_id,
      (array['fake', 'inappropriate', 'spam', 'other'])[1 + r.n % 4],
      case when r.n % 3 = 0 then 'Annuncio duplicato, pubblicato più volte con la stessa descrizione.' end,
      case when r.n <= ${openReports} then 'open' else 'resolved' end,
      case when r.n > ${openReports} then (array['dismiss', 'dismiss', 'hide_offer'])[1 + r.n % 3] end,
      case when r.n > ${openReports} then 'Verificato.' end,
      case when r.n > ${openReports} then r.at + interval '1 day' end,
      case when r.n > ${openReports} then ${ids.adminId}::int end, r.at
    from (
      select row_number() over (order by o.id) as n, a.farmacista_id as reporter_id, 'offer' as target_type,
        o.id as target_id, o.owner_id as target_user_id,
        case when row_number() over (order by o.id) <= ${openReports}
          then now() - row_number() over (order by o.id) * interval '37 minutes'
          else now() - (${pick(sql`o.id`, 26)} * interval '8 hours') end as at
      from ${offers} o join lateral (select farmacista_id from ${applications} where offer_id = o.id limit 1) a on true
      where ${pick(sql`o.id`, 27)} < 250) r
    on conflict do nothing`);
  await db.execute(sql`
    insert into ${reports} (reporter_id, target_type, target_id, target_user_id, reason, details, status, created_at)
    select o.owner_id, 'user', a.farmacista_id, a.farmacista_id, 'other', 'Non si è presentata e non ha avvisato.', 'open',
      now() - (${pick(sql`a.id`, 28)} * interval '1 hour')
    from ${applications} a join ${offers} o on o.id = a.offer_id
    where a.status = 'accepted' and ${pick(sql`a.id`, 29)} < 30
    on conflict do nothing`);
  log('reports');

  // Notifications: what each step of the above told its people, with the product's texts and links, plus a
  // pharmacist's offer alerts (every few days); read when older than a month, and half of the rest.
  const person = sql`trim(fp.name || ' ' || fp.surname)`;
  const offerTitle = sql`o.title`;
  const alert = NOTIFICATION_TEXT.offer_alert('{1}', 3);
  const n = (type: string, text: { title: string; body: string }, a: ReturnType<typeof sql>, b: ReturnType<typeof sql>) =>
    sql`${type}::text as type, ${fill(text.title, a, b)} as title, ${fill(text.body, a, b)} as body`;
  const insertNotifications = (select: ReturnType<typeof sql>) =>
    db.execute(sql`
      insert into ${notifications} (user_id, type, title, body, link, read_at, created_at)
      select user_id, type, title, body, link,
        case when created_at < now() - interval '30 days' or ${pick(sql`user_id * 31 + (extract(epoch from created_at)::bigint % 100000)::int`, 30)} < 500
          then created_at + interval '2 hours' end, created_at
      from (${select}) x where created_at <= now()`);
  const fromApplications = sql`from ${applications} a join ${offers} o on o.id = a.offer_id
    join ${profiles} p on p.user_id = o.owner_id join ${profiles} fp on fp.user_id = a.farmacista_id`;
  await insertNotifications(sql`
    select o.owner_id as user_id, ${n('application_received', template(NOTIFICATION_TEXT.application_received), person, offerTitle)},
      '/candidature?offer_id=' || o.id as link, a.submitted_at as created_at ${fromApplications}
    union all
    select a.farmacista_id, ${n('application_accepted', template(NOTIFICATION_TEXT.application_accepted), pharmacyName, offerTitle)},
      '/mie_candidature', a.status_changed_at ${fromApplications} where a.status = 'accepted'
    union all
    select a.farmacista_id, ${n('application_rejected', template(NOTIFICATION_TEXT.application_rejected), pharmacyName, offerTitle)},
      '/mie_candidature', a.status_changed_at ${fromApplications} where a.status = 'rejected'
    union all
    select a.farmacista_id, ${n('review_request', template(NOTIFICATION_TEXT.review_request), pharmacyName, offerTitle)},
      '/recensioni?candidatura=' || a.id, (${lastDay} + interval '20 hours')::timestamptz ${fromApplications}
      where a.status = 'accepted' and ${lastDay} < ${today}::date
    union all
    select a.farmacista_id, ${n('message_received', template(NOTIFICATION_TEXT.message_received), pharmacyName, offerTitle)},
      '/mie_candidature', a.submitted_at + interval '3 hours' ${fromApplications}
      where exists (select 1 from ${messages} m where m.application_id = a.id and m.recipient_id = a.farmacista_id)`);
  await insertNotifications(sql`
    select i.pharmacist_id as user_id,
      ${n('invitation_received', template(NOTIFICATION_TEXT.invitation_received), pharmacyName, offerTitle)},
      '/mie_candidature' as link, i.created_at
    from ${invitations} i join ${offers} o on o.id = i.offer_id join ${profiles} p on p.user_id = o.owner_id
    union all
    select u.id, 'offer_alert', ${alert.title}::text, replace(${alert.body}::text, '{1}', p.comune), '/offerte?provincia=' || p.provincia_residenza,
      now() - k * interval '4 days' - (${pick(sql`u.id`, 31)} * interval '5 minutes')
    from ${users} u join ${profiles} p on p.user_id = u.id cross join generate_series(1, 25) k
    where u.role = 'farmacista'`);
  log('notifications');

  // The admins' audit log: a year of their actions and reads (verifications, the desk, people's details and CVs), and
  // the users' own recorded actions; about 250,000 entries at scale 1.
  const actions = [
    'verifications.list',
    'reports.list',
    'user.view',
    'cv.open',
    'owners.list',
    'verification.document_open',
    'user.view',
    'verifications.list',
  ];
  await db.execute(sql`
    insert into ${auditLog} (actor_id, actor_email, action, target_user_id, target_type, target_id, details, at)
    select ${ids.adminId}::int, ${BENCH_ACCOUNTS.admin}, 'verification.' || case when v.status = 'verified' then 'verify'
      else 'reject' end, v.user_id, null, null, '{}'::jsonb, v.decided_at
    from ${verifications} v where v.decided_at is not null
    union all
    select ${ids.adminId}::int, ${BENCH_ACCOUNTS.admin}, 'report.resolve', r.target_user_id, 'report', r.id::text,
      jsonb_build_object('action', r.resolved_action), r.resolved_at
    from ${reports} r where r.status = 'resolved'
    union all
    select ${ids.adminId}::int, ${BENCH_ACCOUNTS.admin}, (${sql.param(actions)}::text[])[1 + k % ${actions.length}],
      case when k % ${actions.length} in (2, 3, 5, 6) then (${sql.param(ids.pharmacistIds)}::int[])[1 + k % ${nPharmacists}] end,
      null, null, '{}'::jsonb, now() - k * interval '2 minutes'
    from generate_series(1, ${Math.round(200_000 * s)}) k
    union all
    select o.owner_id, u.email, 'hours.review', a.farmacista_id, 'application', a.id::text,
      jsonb_build_object('status', w.status), w.decided_at
    from ${workedHoursReviews} w join ${applications} a on a.id = w.application_id join ${offers} o on o.id = a.offer_id
    join ${users} u on u.id = o.owner_id where w.decided_at is not null`);
  log('audit');

  const [counted] = await rawRows<Record<string, number>>(
    db,
    sql`
    select (select count(*) from ${invitations})::int as invitations, (select count(*) from ${messages})::int as messages,
      (select count(*) from ${notifications})::int as notifications, (select count(*) from ${availability})::int as availability,
      (select count(*) from ${availabilityDays})::int as availability_days,
      (select count(*) from ${reviews})::int as reviews,
      (select count(*) from ${workedHoursReviews})::int as worked_hours_reviews,
      (select count(*) from ${shiftExpenses})::int as shift_expenses,
      (select count(*) from ${payProposals})::int as pay_proposals,
      (select count(*) from ${verifications} where status = 'pending')::int as pending_verifications,
      (select count(*) from ${reports} where status = 'open')::int as open_reports,
      (select count(*) from ${auditLog})::int as audit_log`,
  );
  return { ...counted, invoices: invoiceCount };
}

/**
 * Invoices, issued by the product (issueInvoice: its numbering, lines, FatturaPA XML and PDF): the organisations get
 * their legal data, the pharmacists who worked freelance shifts their professional file, and each freelance shift whose
 * hours have closed is invoiced one month of one organisation at a time, on the day after its hours closed; farmacista0's
 * all, and those billed to titolare0's and gruppo0's organisations, then others up to 150 at scale 1 (each takes a
 * second or so to make on a loaded machine). Most are marked
 * sent, many paid.
 */
async function issueInvoices(db: TDb, ids: TLifeIds, today: string, log: (step: string) => void) {
  const f0 = ids.pharmacistIds[0] ?? 0;
  const byIstat = ids.comuni.filter((c) => /^\d{5}$/.test(c.cap));
  await db.execute(sql`
    update ${organisations} g set partita_iva = lpad((10000000000 + g.id::bigint * 7919)::text, 11, '0'),
      sede_legale = 'Via Roma ' || (1 + g.id % 120) || ', ' || c.cap || ' ' || c.nome || ' (' || c.sigla || ')'
    from unnest(${sql.param(byIstat.map((c) => c.nome))}::text[], ${sql.param(byIstat.map((c) => c.sigla))}::text[],
      ${sql.param(byIstat.map((c) => c.cap))}::text[]) with ordinality as c(nome, sigla, cap, n)
    where c.n = 1 + g.id % ${byIstat.length}`);
  await db.execute(sql`
    insert into ${professionalFiles} (user_id, codice_fiscale, birth_date, birth_place_code, partita_iva, tax_regime,
      insurance_company, insurance_policy_number, insurance_cover, insurance_expires_on, fiscal_street, fiscal_cap,
      fiscal_comune_istat, iban)
    select u.id, 'BNCGLI92D55A' || lpad((u.id % 1000)::text, 3, '0') || 'P', '1990-01-01', 'F205',
      lpad((20000000000 + u.id::bigint * 104729)::text, 11, '0'),
      case when u.id % 3 = 0 then 'ordinario' else 'forfettario' end, 'Assicurazioni Lombarde', 'RC-' || u.id, 1000000,
      ${addDays(today, 200)}::date, 'Via Torino ' || (1 + u.id % 90), c.cap, c.istat, 'IT60X0542811101000000123456'
    from ${users} u
    join unnest(${sql.param(byIstat.map((c) => c.istat))}::text[], ${sql.param(byIstat.map((c) => c.cap))}::text[])
      with ordinality as c(istat, cap, n) on c.n = 1 + u.id % ${byIstat.length}
    where exists (select 1 from ${applications} a where a.farmacista_id = u.id and a.legal_form = 'libera_professione')`);
  const groups = await rawRows<{ farmacista_id: number; email: string; ids: number[]; last_day: string; bench: boolean }>(
    db,
    sql`
      select a.farmacista_id as farmacista_id, u.email, array_agg(a.id order by a.id) as ids,
        max(coalesce(o.date_to, o.date_from))::text as last_day,
        bool_or(a.farmacista_id = ${f0} or ou.email in (${BENCH_ACCOUNTS.owner}, ${BENCH_ACCOUNTS.groupOwner})) as bench
      from ${applications} a join ${offers} o on o.id = a.offer_id join ${users} u on u.id = a.farmacista_id
      join organisation_pharmacies op on op.pharmacy_id = o.owner_id
      join organisation_members om on om.organisation_id = op.organisation_id and om.role = 'titolare'
      join ${users} ou on ou.id = om.user_id
      left join ${workedHoursReviews} w on w.application_id = a.id
      where a.status = 'accepted' and a.legal_form = 'libera_professione'
        and coalesce(o.date_to, o.date_from) <= ${addDays(today, -22)}::date
        and coalesce(w.status, 'confirmed') = 'confirmed'
        and not exists (select 1 from ${shiftExpenses} x where x.application_id = a.id and x.status = 'contestata')
      group by a.farmacista_id, u.email, op.organisation_id, to_char(coalesce(o.date_to, o.date_from), 'YYYY-MM')
      order by bench desc, max(coalesce(o.date_to, o.date_from)), a.farmacista_id`,
  );
  const wanted = Math.round(150 * ids.scale);
  const events = { record: async () => {} };
  let issued = 0;
  let refused = 0;
  const started = Date.now();
  const chosen = groups.filter((group, i) => group.bench || i < wanted);
  // Four at a time (each makes its XML and PDF); one pharmacist's invoices in turn, as her numbering takes them.
  const queues = new Map<number, typeof chosen>();
  for (const group of chosen) queues.set(group.farmacista_id, [...(queues.get(group.farmacista_id) ?? []), group]);
  const lanes: (typeof chosen)[] = [[], [], [], []];
  for (const [i, queue] of [...queues.values()].entries()) lanes[i % lanes.length]?.push(...queue);
  await Promise.all(
    lanes.map(async (lane) => {
      for (const group of lane) {
        // The day after the hours closed by themselves (or were confirmed), at most today.
        const day = [addDays(group.last_day, 22), today].sort()[0] as string;
        try {
          await issueInvoice(
            db,
            events,
            { id: group.farmacista_id, email: group.email },
            { application_ids: group.ids },
            new Date(`${day}T10:00:00+01:00`),
          );
          issued += 1;
        } catch {
          refused += 1;
        }
      }
    }),
  );
  // She sends most to the SdI the next day; the pharmacy pays two in three of those sent within 30 days.
  await db.execute(sql`
    update ${invoices} set sent_at = least(issued_on + interval '1 day 9 hours', now()) where ${pick(sql`id`, 40)} < 850`);
  await db.execute(sql`
    update ${invoices} set paid_on = least(issued_on + 20, ${today}::date), paid_by_name = 'Amministrazione'
    where sent_at is not null and ${pick(sql`id`, 41)} < 666 and issued_on + 20 <= ${today}::date`);
  log(`invoices (${issued} issued, ${refused} refused, ${((Date.now() - started) / 1000).toFixed(1)} s)`);
  return issued;
}
