/**
 * The employee's hiring summary (decision 093): for an accepted employee application, what the pharmacy's labour
 * consultant needs for the comunicazione obbligatoria (UNILAV), which Farmaponte does not send (EMPLOYMENT_NOTICE in
 * engagement.ts). The codice fiscale, birth date and place come from the pharmacist's professional file, null when she
 * has not given them ('non indicato' in the PDF).
 */
import { CCNL, ccnlLevelLabel, DEFAULT_CCNL_LEVEL, EMPLOYMENT_NOTICE, formatDate, formatHours } from '@farmaponte/shared';
import { CONTRACT_MESSAGES, euroText, HIRING_SUMMARY_TEXT as TEXT, type THiringSummary } from '@farmaponte/shared/contracts';
import { and, eq } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { applications, offers } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { PdfWriter } from '../../lib/pdf-writer';
import { payTable } from '../engagement-pay';
import { birthPlaceOf } from '../geo';
import { dealOfParties, employerOf, partiesOfContract, payOfDeal, shiftAndFee } from './terms';

const hours = (minutes: number | null) => (minutes === null ? null : Math.round((minutes / 60) * 100) / 100);

/** The summary of an accepted employee application of the pharmacy `pharmacyId`; 404 for any other. */
export async function hiringSummary(db: TDb, pharmacyId: number, applicationId: number): Promise<THiringSummary> {
  const [application] = await db
    .select({ status: applications.status, legalForm: applications.legalForm, ccnlLevel: offers.ccnlLevel })
    .from(applications)
    .innerJoin(offers, eq(offers.id, applications.offerId))
    .where(and(eq(applications.id, applicationId), eq(offers.ownerId, pharmacyId)));
  const parties =
    application?.status === 'accepted' && application.legalForm === 'dipendente' && (await partiesOfContract(db, applicationId));
  if (!(application && parties)) throw notFound(CONTRACT_MESSAGES.summaryNotFound, 'hiring_summary_not_found');
  const deal = dealOfParties(parties);
  const { shift, fee } = shiftAndFee(deal, parties.title);
  const file = parties.file;
  const level = application.ccnlLevel ?? DEFAULT_CCNL_LEVEL;
  return {
    pharmacist: {
      name: parties.pharmacist?.name ?? '',
      surname: parties.pharmacist?.surname ?? '',
      codice_fiscale: file?.codiceFiscale || null,
      birth_date: file?.birthDate ?? null,
      birth_place: file?.birthPlaceCode ? birthPlaceOf(file.birthPlaceCode) : null,
    },
    ...employerOf(parties),
    title: parties.title,
    date_from: shift.date_from,
    date_to: shift.date_to,
    hours: {
      start: shift.start_time,
      end: shift.end_time,
      per_day: hours(shift.minutes_per_day),
      total: hours(shift.total_minutes),
    },
    ccnl: { name: CCNL.name, level, level_label: ccnlLevelLabel(level) },
    hourly_pay: fee.hourly,
    pay: payOfDeal(parties, deal, shift),
    notice: TEXT.notice,
    source: EMPLOYMENT_NOTICE.source,
  };
}

/** The summary as an A4 PDF, for the labour consultant. */
export async function hiringSummaryPdf(summary: THiringSummary, now: Date): Promise<Uint8Array> {
  const missing = TEXT.missing;
  const writer = await PdfWriter.create(TEXT.title, now);
  const line = (label: string, value: string) => writer.paragraph(`${label}: ${value}`);
  writer.paragraph(TEXT.title, { size: 16, bold: true });
  writer.rule();
  const { pharmacist: p, organisation: o, pharmacy, hours: h } = summary;
  const L = TEXT.labels;
  line(L.pharmacist, `${p.name} ${p.surname}`.trim() || missing);
  line(L.codiceFiscale, p.codice_fiscale ?? missing);
  const place = p.birth_place ? `${p.birth_place.name}${p.birth_place.province ? ` (${p.birth_place.province})` : ''}` : missing;
  line(L.birth, `${p.birth_date ? formatDate(p.birth_date) : missing}, ${place}`);
  line(
    L.employer,
    `${o.name || missing}, P. IVA ${o.partita_iva || missing}, C.F. ${o.codice_fiscale || missing}, ${o.sede_legale || missing}`,
  );
  line(L.pharmacy, [pharmacy.name, pharmacy.address, pharmacy.comune].filter(Boolean).join(', ') || missing);
  line(
    L.period,
    summary.date_from && summary.date_to ? `dal ${formatDate(summary.date_from)} al ${formatDate(summary.date_to)}` : missing,
  );
  const perDay = h.per_day === null ? null : formatHours(Math.round(h.per_day * 60));
  const total = h.total === null ? null : formatHours(Math.round(h.total * 60));
  line(
    L.hours,
    h.start && h.end
      ? `dalle ${h.start} alle ${h.end} (${perDay} ore al giorno${total ? `, ${total} ore in tutto` : ''})`
      : missing,
  );
  line(L.ccnl, `${summary.ccnl.name}, ${summary.ccnl.level_label}`);
  line(L.pay, summary.hourly_pay === null ? missing : `${euroText(summary.hourly_pay)} lordi all'ora`);
  payTable(writer, summary.pay);
  writer.gap(8);
  writer.paragraph(summary.notice, { bold: true });
  writer.paragraph(summary.source, { size: 8 });
  return writer.save((page, pages) => `Pagina ${page} di ${pages}`);
}
