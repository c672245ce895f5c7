/**
 * What a freelance pharmacist can invoice (decision 095): her accepted engagements with the hours' state (hoursState),
 * the expenses' states (expenseState) and whether one is billed already, and the invoice lines of those she bills: one
 * per pay line of the worked hours as confirmed (the shift's pay as the worked shifts count it), the travel, the
 * lodging and each confirmed expense. Disputed expenses are not billed.
 */
import {
  expenseState,
  formatDate,
  hoursState,
  PAY_TEXT,
  shiftPeriod,
  type TInvoiceable,
  type TInvoiceLineInput,
  type TWorkedShift,
} from '@farmaponte/shared';
import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import {
  applications,
  invoiceShifts,
  offers,
  organisationPharmacies,
  organisations,
  profiles,
  workedHoursReviews,
} from '../../db/schema';
import { closingRecords, wholeShifts } from '../shifts';

/** An engagement as invoicing reads it. */
export type TEngagement = Awaited<ReturnType<typeof engagementRows>>[number] & {
  firstDay: string | null;
  lastDay: string | null;
  /** Hours and expenses confirmed, the last day come: what `invoiceable` needs besides the form and the invoice. */
  closed: boolean;
  state: ReturnType<typeof hoursState>['state'];
  confirmsOn: string | null;
  expenses: { id: number; kind: 'parcheggio' | 'altro'; description: string; amount: number; spentOn: string; state: string }[];
};

const EXPENSE_LABELS = { parcheggio: 'Parcheggio', altro: 'Spesa' } as const;

function engagementRows(db: TDb, where: SQL | undefined) {
  return db
    .select({
      applicationId: applications.id,
      farmacistaId: applications.farmacistaId,
      status: applications.status,
      legalForm: applications.legalForm,
      offerId: offers.id,
      pharmacyId: offers.ownerId,
      title: offers.title,
      dateFrom: offers.dateFrom,
      dateTo: offers.dateTo,
      pharmacy: profiles.denominazioneFarmacia,
      organisationId: organisationPharmacies.organisationId,
      organisation: organisations.name,
      review: workedHoursReviews.status,
      invoiceId: invoiceShifts.invoiceId,
    })
    .from(applications)
    .innerJoin(offers, eq(offers.id, applications.offerId))
    .leftJoin(profiles, eq(profiles.userId, offers.ownerId))
    .leftJoin(organisationPharmacies, eq(organisationPharmacies.pharmacyId, offers.ownerId))
    .leftJoin(organisations, eq(organisations.id, organisationPharmacies.organisationId))
    .leftJoin(workedHoursReviews, eq(workedHoursReviews.applicationId, applications.id))
    .leftJoin(invoiceShifts, eq(invoiceShifts.applicationId, applications.id))
    .where(where)
    .orderBy(asc(offers.dateFrom), asc(applications.id));
}

/**
 * Engagements with their hours' and expenses' states on `today`: these applications (whoever's they are: the caller
 * checks), or every accepted freelance one of a pharmacist.
 */
export async function engagements(
  db: TDb,
  who: { applicationIds: number[] } | { farmacistaId: number },
  today: string,
): Promise<TEngagement[]> {
  const rows = await engagementRows(
    db,
    'applicationIds' in who
      ? inArray(applications.id, who.applicationIds)
      : and(
          eq(applications.farmacistaId, who.farmacistaId),
          eq(applications.status, 'accepted'),
          eq(applications.legalForm, 'libera_professione'),
        ),
  );
  const { expenses: expensesOf } = await closingRecords(
    db,
    rows.map((row) => row.applicationId),
    today,
  );
  return rows.map((row) => {
    const period = shiftPeriod(row.dateFrom, row.dateTo);
    const hours = period ? hoursState(period.last, row.review ? { status: row.review } : null, today) : null;
    const expenses = (expensesOf.get(row.applicationId) ?? []).map(({ id, kind, description, amount, spentOn, status }) => ({
      id,
      kind,
      description,
      amount,
      spentOn,
      state: period ? expenseState(status, period.last, today) : status,
    }));
    return {
      ...row,
      firstDay: period?.first ?? null,
      lastDay: period?.last ?? null,
      state: hours?.state ?? 'in_corso',
      confirmsOn: hours?.confirms_on ?? null,
      closed: Boolean(
        period &&
          period.last <= today &&
          hours?.state === 'confermate' &&
          !expenses.some((expense) => expense.state === 'in_attesa'),
      ),
      expenses,
    };
  });
}

/** Whether she may bill it now: freelance, accepted, closed, not billed. */
export const isInvoiceable = (engagement: TEngagement) =>
  engagement.legalForm === 'libera_professione' &&
  engagement.status === 'accepted' &&
  engagement.closed &&
  engagement.invoiceId === null;

/**
 * The lines of these engagements as confirmed on `now`, by application: each one's worked hours' pay lines, travel,
 * lodging and expenses; the shifts read together (wholeShifts), not one by one.
 */
export async function engagementLines(db: TDb, found: TEngagement[], now: Date): Promise<Map<number, TInvoiceLineInput[]>> {
  const shifts = await wholeShifts(
    db,
    found.map((engagement) => engagement.applicationId),
    now,
  );
  return new Map(
    found.map((engagement) => {
      const shift = shifts.get(engagement.applicationId);
      return [engagement.applicationId, shift ? linesOf(engagement, shift.pay) : []];
    }),
  );
}

/** One engagement's lines from its shift's pay as worked and its expenses. */
function linesOf(engagement: TEngagement, pay: TWorkedShift['pay']): TInvoiceLineInput[] {
  const application_id = engagement.applicationId;
  const lines: TInvoiceLineInput[] = pay.lines.map((line) => ({
    kind: 'hours',
    description: `${formatDate(line.day)} ${PAY_TEXT.label(line)} ${line.from}–${line.to}`,
    quantity: Math.round((line.minutes / 60) * 1e8) / 1e8,
    unit_price: line.rate,
    total: line.amount,
    application_id,
  }));
  if (pay.travel?.amount)
    lines.push({
      kind: 'travel',
      description: `${PAY_TEXT.travel(pay.travel.amount, pay.travel.km)} – ${engagement.title}`,
      quantity: null,
      unit_price: pay.travel.amount,
      total: pay.travel.amount,
      application_id,
    });
  // The lodging is the pharmacy's, not billed: a line of no amount says it was part of the engagement.
  if (pay.lodging)
    lines.push({
      kind: 'lodging',
      description: PAY_TEXT.lodging(pay.lodging.nights, pay.lodging.note),
      quantity: null,
      unit_price: 0,
      total: 0,
      application_id,
    });
  for (const expense of engagement.expenses)
    if (expense.state === 'confermata')
      lines.push({
        kind: 'expense',
        description: `${formatDate(expense.spentOn)} ${EXPENSE_LABELS[expense.kind]}: ${expense.description}`,
        quantity: null,
        unit_price: expense.amount,
        total: expense.amount,
        application_id,
      });
  return lines;
}

/** GET /api/invoices/invoiceable/: her engagements ready to invoice, by organisation and month, and those waiting. */
export async function invoiceable(db: TDb, farmacistaId: number, now: Date, today: string): Promise<TInvoiceable> {
  const all = await engagements(db, { farmacistaId }, today);
  const billable = all.filter(
    (e) => e.invoiceId === null && e.lastDay !== null && e.lastDay <= today && e.closed && e.organisationId !== null,
  );
  const linesByEngagement = await engagementLines(db, billable, now);
  const groups = new Map<string, TInvoiceable['groups'][number]>();
  const waiting: TInvoiceable['waiting'] = [];
  for (const engagement of all) {
    if (engagement.invoiceId !== null || !engagement.lastDay || engagement.lastDay > today) continue;
    if (!engagement.closed || engagement.organisationId === null) {
      waiting.push({
        application_id: engagement.applicationId,
        title: engagement.title,
        pharmacy: engagement.pharmacy ?? '',
        last_day: engagement.lastDay,
        state: engagement.state,
        confirms_on: engagement.confirmsOn ?? engagement.lastDay,
      });
      continue;
    }
    const lines = linesByEngagement.get(engagement.applicationId) ?? [];
    const expenses = lines.filter((line) => line.kind === 'expense').reduce((sum, line) => sum + Math.round(line.total * 100), 0);
    const amount = lines.reduce((sum, line) => sum + Math.round(line.total * 100), 0);
    const month = engagement.lastDay.slice(0, 7);
    const key = `${engagement.organisationId}|${month}`;
    const group = groups.get(key) ?? {
      organisation: { id: engagement.organisationId, name: engagement.organisation ?? '' },
      month,
      engagements: [],
      total: 0,
    };
    group.engagements.push({
      application_id: engagement.applicationId,
      title: engagement.title,
      pharmacy: engagement.pharmacy ?? '',
      first_day: engagement.firstDay ?? engagement.lastDay,
      last_day: engagement.lastDay,
      amount: amount / 100,
      expenses: expenses / 100,
    });
    group.total = Math.round(group.total * 100 + amount) / 100;
    groups.set(key, group);
  }
  return {
    groups: [...groups.values()].sort(
      (a, b) => b.month.localeCompare(a.month) || a.organisation.name.localeCompare(b.organisation.name),
    ),
    waiting,
  };
}
