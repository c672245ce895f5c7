/**
 * How long the monthly statement PDF holds the event loop (decision 075): a month of 31 one-day shifts, and one of 31
 * shifts of three days each, built 30 times after a warm-up. Prints the CPU time per statement (what it costs on an
 * idle machine), its wall time (median, p95) and the event loop's delay meanwhile (p99 and max): the statement yields
 * between shifts and while it is saved, so a delay is one slice of it. On a loaded machine the max is the scheduler's.
 *   npx tsx bench/statement-pdf.ts
 */
import { availableParallelism, loadavg } from 'node:os';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { payLines, sumAmounts, type TPayTerms, type TWorkedShift, type TWorkedShiftMonth } from '@farmaponte/shared';
import { buildStatementPdf } from '../apps/api/src/modules/shifts';

const FREELANCE_TERMS: TPayTerms = {
  legal_form: 'libera_professione',
  ccnl_level: null,
  hourly: 21.5,
  night_service: null,
  night_from: null,
  night_fee: null,
  holiday_fee: 30,
  extra_holidays: [],
};

function month(daysPerShift: number): TWorkedShiftMonth {
  const shifts: TWorkedShift[] = Array.from({ length: 31 }, (_, index) => {
    const days = Array.from({ length: daysPerShift }, (_, d) => ({
      date: `2030-07-${String(((index + d) % 31) + 1).padStart(2, '0')}`,
      start_time: '08:30',
      end_time: '16:00',
      corrected: d === 0,
      minutes: 450,
      gross: 161.25,
      amount: 161.25,
    }));
    // The statement's hour-by-hour lines (decision 094): a Sunday among the days makes a second line.
    const lines = payLines(
      { ...FREELANCE_TERMS },
      days.map((d) => ({ day: d.date, start: d.start_time, end: d.end_time })),
    );
    return {
      application_id: index + 1,
      offer: {
        id: index + 1,
        title: `Sostituzione per ferie n. ${index + 1}`,
        date_from: null,
        date_to: null,
        start_time: '08:30',
        end_time: '16:00',
        hourly_pay: 21.5,
      },
      pharmacy: { name: `Farmacia Sant'Antonio di Città Alta ${index + 1}`, comune: 'Bergamo' },
      pharmacist: { id: 1, name: 'Anna', surname: 'Neri' },
      days,
      minutes: 450 * daysPerShift,
      gross: 161.25 * daysPerShift,
      days_without_hours: 0,
      pay: {
        legal_form: 'libera_professione',
        hourly: 21.5,
        agreed: false,
        lines,
        total: sumAmounts(lines),
        travel: { amount: 20, km: 64, mode: 'km' },
        lodging: null,
        grand_total: sumAmounts(lines) + 20,
      },
      review: { status: 'confirmed', note: 'Tutto regolare, grazie.', corrected_at: '2030-07-31T10:00:00Z', decided_at: null },
      correctable_until: '2030-08-14',
      can_correct: false,
      closing: {
        state: 'confermate',
        confirmed_by: 'titolare',
        confirms_on: '2030-08-17',
        invoiceable: true,
        legal_form: 'libera_professione',
        expenses: [],
        invoice: null,
      },
    };
  });
  const minutes = shifts.reduce((sum, s) => sum + s.minutes, 0);
  return {
    year: 2030,
    month: 7,
    shifts,
    totals: {
      shifts: 31,
      minutes,
      gross: (minutes / 60) * 21.5,
      grand_total: (minutes / 60) * 21.5 + 31 * 20,
      days_without_hours: 0,
    },
  };
}

const person = { name: 'Anna', surname: 'Neri', ordine: 'BG', albo: '4521' };
const rows: string[] = [];
for (const daysPerShift of [1, 3]) {
  const input = { person, month: month(daysPerShift), now: new Date() };
  for (let i = 0; i < 5; i++) await buildStatementPdf(input);
  const times: number[] = [];
  const cpuBefore = process.cpuUsage();
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  let bytes = 0;
  for (let i = 0; i < 30; i++) {
    const started = performance.now();
    bytes = (await buildStatementPdf(input)).byteLength;
    times.push(performance.now() - started);
    await new Promise((resolve) => setImmediate(resolve));
  }
  delay.disable();
  const cpu = process.cpuUsage(cpuBefore);
  const cpuMs = (cpu.user + cpu.system) / 1000 / times.length;
  times.sort((a, b) => a - b);
  const at = (q: number) => (times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0).toFixed(1);
  rows.push(
    `| 31 shifts × ${daysPerShift} day(s) | ${cpuMs.toFixed(1)} | ${at(0.5)} | ${at(0.95)} | ${(delay.percentile(99) / 1e6).toFixed(1)} / ${(delay.max / 1e6).toFixed(1)} | ${Math.round(bytes / 1024)} KB |`,
  );
}
console.log(
  `load average ${loadavg()
    .map((n) => n.toFixed(1))
    .join(' ')} on ${availableParallelism()} cores`,
);
console.log('| month | CPU ms per statement | wall median ms | wall p95 ms | event-loop delay p99 / max ms | size |');
console.log('| --- | --- | --- | --- | --- | --- |');
for (const row of rows) console.log(row);
