/**
 * The checks a proposal and a counter meet before they are sent (decision 094), the same the server makes: the
 * proposal's schema (euros, two decimals at most, a reason not too long, something proposed), then the offer's
 * bounds (her hourly at most the owner's `max_hourly`, travel only when negotiated and at most `max_travel`); the
 * owner's counter between the offered figure and her proposal, its travel at most hers (or the bound, when she
 * proposed none). The messages are the server's (PAY_MESSAGES).
 */
import { PAY_MESSAGES as M, type TProposalInput, ZProposalDecisionSchema, ZProposalInputSchema } from '@farmaponte/shared';

export type TProposalValues = { hourly_pay: string; travel_amount: string; reason: string };
export type TProposalErrors = Partial<Record<keyof TProposalValues, string>>;
export type TProposalBounds = { max_hourly: number | null; max_travel: number | null };

type TChecked<T> = { ok: true; value: T } | { ok: false; errors: TProposalErrors };

function schemaErrors(issues: readonly { path: PropertyKey[]; message: string }[]): TProposalErrors {
  const errors: TProposalErrors = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? 'hourly_pay') as keyof TProposalValues;
    errors[field] ??= issue.message;
  }
  return errors;
}

export function checkProposal(values: TProposalValues, bounds: TProposalBounds): TChecked<TProposalInput> {
  const parsed = ZProposalInputSchema.safeParse(values);
  if (!parsed.success) return { ok: false, errors: schemaErrors(parsed.error.issues) };
  const { hourly_pay: hourly, travel_amount: travel } = parsed.data;
  const errors: TProposalErrors = {};
  if (hourly != null && bounds.max_hourly !== null && hourly > bounds.max_hourly)
    errors.hourly_pay = M.proposalAboveBound(bounds.max_hourly);
  if (travel != null && bounds.max_travel === null) errors.travel_amount = M.travelNotNegotiable;
  else if (travel != null && bounds.max_travel !== null && travel > bounds.max_travel)
    errors.travel_amount = M.proposalTravelAboveBound(bounds.max_travel);
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, value: parsed.data };
}

/** What the counter is checked against: the offered hourly, her proposal, the offer's travel bound. */
export type TCounterBounds = {
  offered: number | null;
  proposed: { hourly_pay: number | null; travel_amount: number | null };
  max_travel: number | null;
};

export function checkCounter(values: TProposalValues, bounds: TCounterBounds) {
  const parsed = ZProposalDecisionSchema.safeParse({ decision: 'counter', ...values });
  if (!parsed.success) return { ok: false as const, errors: schemaErrors(parsed.error.issues) };
  const { hourly_pay: hourly, travel_amount: travel } = parsed.data;
  const errors: TProposalErrors = {};
  const { offered, proposed } = bounds;
  if (hourly != null) {
    const low = offered ?? Number.NEGATIVE_INFINITY;
    const high = proposed.hourly_pay ?? offered ?? Number.POSITIVE_INFINITY;
    if (hourly < Math.min(low, high) || hourly > Math.max(low, high))
      errors.hourly_pay =
        offered !== null && proposed.hourly_pay !== null ? M.counterOutOfBounds(offered, proposed.hourly_pay) : M.proposalHourly;
  }
  if (travel != null) {
    const cap = proposed.travel_amount ?? bounds.max_travel;
    if (cap === null) errors.travel_amount = M.travelNotNegotiable;
    else if (travel > cap) errors.travel_amount = M.counterTravelOutOfBounds;
  }
  return Object.keys(errors).length ? { ok: false as const, errors } : { ok: true as const, value: parsed.data };
}
