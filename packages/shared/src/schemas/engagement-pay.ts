/**
 * What an engagement pays as agreed (decision 094): the hourly pay (the settled one, else the offered one of her form),
 * the hours line by line at their rates, the travel and the lodging. The contract's terms carry it for the offer's days
 * and hours; each worked shift carries it for the hours worked.
 */
import { z } from 'zod';
import { LEGAL_FORMS } from '../engagement';
import { TRAVEL_MODES } from '../pay';

const zPayLine = z.object({
  day: z.string(),
  from: z.string(),
  to: z.string(),
  minutes: z.number().int(),
  kind: z.enum(['ordinaria', 'notte', 'notte_oltre', 'domenica', 'festivo']),
  label: z.string(),
  supplement: z.number(),
  rate: z.number(),
  minimum: z.number().nullable(),
  amount: z.number(),
});

export const ZEngagementPaySchema = z.object({
  legal_form: z.enum(LEGAL_FORMS),
  /** Euros an hour: the settled figure, else the offered one of the form; null: the CCNL minimum (employees) or unknown. */
  hourly: z.number().nullable(),
  /** Whether a negotiation settled the hourly pay or the travel. */
  agreed: z.boolean(),
  lines: z.array(zPayLine),
  /** The lines' sum; null without hours (or a freelance fee). */
  total: z.number().nullable(),
  /** The trip (there and back): the settled sum, else what the offer's travel terms pay; null when nothing is paid. */
  travel: z
    .object({
      amount: z.number().nullable(),
      km: z.number().nullable(),
      mode: z.enum(TRAVEL_MODES).nullable(),
    })
    .nullable(),
  lodging: z.object({ nights: z.number().int(), note: z.string() }).nullable(),
  /** total + travel. */
  grand_total: z.number().nullable(),
});
export type TEngagementPay = z.infer<typeof ZEngagementPaySchema>;
