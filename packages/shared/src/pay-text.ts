/**
 * How the documents write a pay hour by hour (decision 094): the contract's PDF, the hiring summary and the worked-shift
 * statement show the same table, then the travel, the lodging and the totals.
 */
import { formatDate } from './dates';
import { formatAmount, formatHours } from './italian-figures';
import type { TPayLine } from './pay';
import type { TEngagementPay } from './schemas/engagement-pay';

export const PAY_TEXT = {
  heading: 'Compenso ora per ora',
  columns: ['Giorno', 'Orario', 'Voce', 'Ore', '€/ora', 'Importo (€)'],
  /** 'Domenica (+10%)': a supplement is named with the hours it raises. */
  label: (line: Pick<TPayLine, 'label' | 'supplement'>) =>
    line.supplement > 0 ? `${line.label} (+${Math.round(line.supplement * 100)}%)` : line.label,
  total: (amount: number) => `Totale delle ore: ${formatAmount(amount)} €`,
  travel: (amount: number | null, km: number | null) =>
    `Viaggio: ${amount === null ? 'da calcolare sulla distanza' : `${formatAmount(amount)} €`}${km === null ? '' : ` (circa ${km} km andata e ritorno)`}`,
  lodging: (nights: number, note: string) =>
    `Alloggio offerto dalla farmacia: ${nights} ${nights === 1 ? 'notte' : 'notti'}${note ? ` (${note})` : ''}`,
  grandTotal: (amount: number) => `Totale con il viaggio: ${formatAmount(amount)} €`,
  agreed: 'Compenso concordato tra le parti su Farmaponte.',
  none: 'Compenso ora per ora: nessun orario indicato.',
} as const;

/** One table row of a pay line: day, hours, what they are, hours, rate and amount, Italian figures. */
export const payLineCells = (line: TPayLine): string[] => [
  formatDate(line.day),
  `${line.from}–${line.to}`,
  PAY_TEXT.label(line),
  formatHours(line.minutes),
  formatAmount(line.rate),
  formatAmount(line.amount),
];

/** What follows the table: the hours' total, the travel, the lodging, the grand total, and whether it was settled. */
export function paySummaryLines(pay: TEngagementPay): string[] {
  const lines: string[] = [];
  if (pay.total !== null) lines.push(PAY_TEXT.total(pay.total));
  if (pay.travel) lines.push(PAY_TEXT.travel(pay.travel.amount, pay.travel.km));
  if (pay.lodging) lines.push(PAY_TEXT.lodging(pay.lodging.nights, pay.lodging.note));
  if (pay.travel?.amount && pay.grand_total !== null) lines.push(PAY_TEXT.grandTotal(pay.grand_total));
  if (pay.agreed) lines.push(PAY_TEXT.agreed);
  return lines;
}
