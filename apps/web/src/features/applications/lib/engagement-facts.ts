/**
 * What an application says of its engagement (decision 093): the legal form she applied under (an application from
 * before the forms is an employee's) and, for a freelance one in the owner's list, her insurance's expiry and her ECM
 * credits, in the words of the card. Never her policy number, codice fiscale or partita IVA: the API does not send them.
 */
import { ECM } from '@farmaponte/shared/engagement';
import { ENGAGEMENT_TEXT as T } from '@farmaponte/shared/ui-text-engagement';
import { formatDate } from '../../../lib/dates';
import { applicationLegalForm } from '../../../lib/legal-forms';

interface TProfessionalSummary {
  insurance_valid_until: string | null;
  ecm: { period: string; credits: number | null; required: number } | null;
}

/** The lines under a freelance applicant's name: 'Assicurazione valida fino al 31/12/2027', 'ECM 2026–2028: 60 …'. */
export function professionalFacts(application: object): string[] {
  if (applicationLegalForm(application) !== 'libera_professione') return [];
  const professional = (application as { professional?: TProfessionalSummary | null }).professional ?? null;
  const until = professional?.insurance_valid_until;
  const ecm = professional?.ecm;
  return [
    until ? T.insuranceValidUntil(formatDate(until)) : T.insuranceNotGiven,
    ecm && ecm.credits !== null ? T.ecmStatus(ecm.period, ecm.credits, ecm.required || ECM.creditsPerPeriod) : T.ecmNotGiven,
  ];
}

/** An indicator of the reclassification warning as the owner reads it: its label and its value (the share in %). */
export function indicatorText(indicator: { key: string; value: number | null; label: string }): string {
  if (indicator.value === null) return indicator.label;
  return `${indicator.label}: ${indicator.key === 'share' ? `${Math.round(indicator.value * 100)}%` : indicator.value}`;
}
