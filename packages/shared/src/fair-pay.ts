/**
 * The least fair hourly pay for a pharmacist, said plainly where an owner sets a pay (the offer dialog, the invite
 * dialog): a warning below it, never a refusal (docs/decisions/071-invitations-double-booking-and-fair-pay.md).
 */
export const FAIR_PAY = {
  /** Euros an hour, gross: the monthly minimum below divided by 173 hours, rounded to the cent. */
  hourly: 11.39,
  source:
    'CCNL per i dipendenti da farmacie private (Federfarma – Filcams CGIL, Fisascat CISL, Uiltucs UIL): minimo tabellare mensile del farmacista collaboratore di primo livello, diviso 173 ore',
  /** The month since which the contract's tables are in force (YYYY-MM). */
  since: '2021-11',
} as const;

/** The pay as Italians write it: 11.39 → '11,39'. */
const euros = (amount: number) => amount.toFixed(2).replace('.', ',');

export const FAIR_PAY_TEXT = {
  below: (hourly: number) =>
    `Attenzione: ${euros(hourly)} €/ora è meno del minimo del contratto nazionale dei farmacisti dipendenti (circa ${euros(FAIR_PAY.hourly)} €/ora lordi, tabelle in vigore da novembre 2021). Puoi pubblicare lo stesso, ma una paga equa trova farmacisti prima.`,
  source: `Fonte: ${FAIR_PAY.source}.`,
} as const;

/** A pay as typed ('9,50', 9.5, '') read as euros an hour, or null when it is not a number. */
function hourlyOf(pay: number | string | null | undefined): number | null {
  if (pay == null || pay === '') return null;
  const value = typeof pay === 'number' ? pay : Number(pay.trim().replace(',', '.'));
  return Number.isFinite(value) && value > 0 ? value : null;
}

/** The warning for an hourly pay below FAIR_PAY, or null for a fair pay, an empty one or one that is not a number. */
export function fairPayWarning(pay: number | string | null | undefined): string | null {
  const hourly = hourlyOf(pay);
  return hourly !== null && hourly < FAIR_PAY.hourly ? FAIR_PAY_TEXT.below(hourly) : null;
}
