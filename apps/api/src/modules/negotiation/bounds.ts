/**
 * The bounds of a negotiation (decision 094), with no SQL: what she may propose within the offer's
 * `negotiation_max_hourly` / `negotiation_max_travel`, and what the pharmacy may counter (between the offered figure
 * and her proposal).
 */
import { PAY_MESSAGES, type TLegalForm } from '@farmaponte/shared';
import { badRequest, conflict } from '../../lib/errors';

/** The offer's side of a negotiation, for the legal form she applied under. */
export interface TNegotiationTerms {
  /** The hourly figure offered to her form: a freelancer's fee when the offer sets one, else the hourly pay. */
  offered: number | null;
  maxHourly: number | null;
  maxTravel: number | null;
}

export function negotiationTerms(
  offer: {
    hourlyPay: number | null;
    feeHourly: number | null;
    negotiationMaxHourly: number | null;
    negotiationMaxTravel: number | null;
  },
  legalForm: TLegalForm,
): TNegotiationTerms {
  return {
    offered: legalForm === 'libera_professione' ? (offer.feeHourly ?? offer.hourlyPay) : offer.hourlyPay,
    maxHourly: offer.negotiationMaxHourly,
    maxTravel: offer.negotiationMaxTravel,
  };
}

type TAmounts = { hourly_pay?: number | null; travel_amount?: number | null };

const outOfBounds = (message: string, field: string) => badRequest(message, 'proposal_out_of_bounds', { [field]: message });

/**
 * Her proposal: 409 `not_negotiable` when the owner takes none, 400 `proposal_out_of_bounds` above a bound or with
 * travel the owner does not negotiate. `prefix` names the fields as the request does (`proposal.` inside an application).
 */
export function refuseProposalOutOfBounds(terms: TNegotiationTerms, proposal: TAmounts, prefix = ''): void {
  if (terms.maxHourly == null) throw conflict(PAY_MESSAGES.notNegotiable, 'not_negotiable');
  if (proposal.hourly_pay != null && proposal.hourly_pay > terms.maxHourly)
    throw outOfBounds(PAY_MESSAGES.proposalAboveBound(terms.maxHourly), `${prefix}hourly_pay`);
  if (proposal.travel_amount == null) return;
  if (terms.maxTravel == null) throw outOfBounds(PAY_MESSAGES.travelNotNegotiable, `${prefix}travel_amount`);
  if (proposal.travel_amount > terms.maxTravel)
    throw outOfBounds(PAY_MESSAGES.proposalTravelAboveBound(terms.maxTravel), `${prefix}travel_amount`);
}

/**
 * The pharmacy's counter: the hourly figure between the offered one and hers, both included (hers absent: the offered
 * one); travel at most hers, or at most the offer's travel bound when she proposed none. 400 `proposal_out_of_bounds`.
 */
export function refuseCounterOutOfBounds(terms: TNegotiationTerms, proposal: TAmounts, counter: TAmounts): void {
  if (counter.hourly_pay != null) {
    const proposed = proposal.hourly_pay ?? terms.offered ?? counter.hourly_pay;
    const offered = terms.offered ?? proposed;
    const [low, high] = offered <= proposed ? [offered, proposed] : [proposed, offered];
    if (counter.hourly_pay < low || counter.hourly_pay > high)
      throw outOfBounds(PAY_MESSAGES.counterOutOfBounds(offered, proposed), 'hourly_pay');
  }
  if (counter.travel_amount == null) return;
  if (proposal.travel_amount != null) {
    if (counter.travel_amount > proposal.travel_amount) throw outOfBounds(PAY_MESSAGES.counterTravelOutOfBounds, 'travel_amount');
    return;
  }
  if (terms.maxTravel == null) throw outOfBounds(PAY_MESSAGES.counterTravelOutOfBounds, 'travel_amount');
  if (counter.travel_amount > terms.maxTravel)
    throw outOfBounds(PAY_MESSAGES.proposalTravelAboveBound(terms.maxTravel), 'travel_amount');
}
