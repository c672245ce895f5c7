/**
 * Her pay for the form she chose, in the apply dialog and the invitation's answer (decision 094): the hourly and the
 * CCNL minimum, the lines hour by hour, her trip from her profile's comune, the lodging; and when the offer is
 * negotiable, 'Proponi un altro compenso' opens the proposal's fields with the bounds in their hints.
 */
import type { TLegalForm } from '@farmaponte/shared/engagement';
import { DEAL_TEXT as T } from '@farmaponte/shared/ui-text-deal';
import { useEffect, useId, useRef } from 'react';
import { type TOfferPay, useOfferPay } from '../lib/api/offer-pay';
import { cn } from '../lib/cn';
import type { TProposalErrors, TProposalValues } from '../lib/proposal-check';
import { PayBreakdown } from './pay-breakdown';
import { ProposalFields } from './proposal-fields';
import { Button } from './ui/button';
import { QueryLoadError } from './ui/load-error';
import { Spinner } from './ui/spinner';

export type TProposalState = { open: boolean; values: TProposalValues; errors: TProposalErrors };

export const payBounds = (pay: TOfferPay | undefined) =>
  pay?.negotiation?.max_hourly != null
    ? { max_hourly: pay.negotiation.max_hourly, max_travel: pay.negotiation.max_travel }
    : null;

export function payFacts(pay: Pick<TOfferPay, 'hourly' | 'ccnl_minimum'>): string[] {
  return [
    pay.hourly === null ? T.payHourlyUnknown : T.payHourly(pay.hourly),
    ...(pay.ccnl_minimum === null ? [] : [T.payCcnlMinimum(pay.ccnl_minimum)]),
  ];
}

/** Her pay alone, for an offer that takes no proposal and has one form (an employee's invitation). */
export function OfferPay({ offerId, legalForm }: { offerId: number; legalForm: TLegalForm }) {
  const pay = useOfferPay(offerId, legalForm);
  if (pay.isPending) return <Spinner label={T.payLoading} />;
  if (pay.isError) return <QueryLoadError query={pay} message={T.payLoadFailed} />;
  return <PayBreakdown pay={pay.data} summary={payFacts(pay.data)} testId="compenso-offerta" />;
}

export function OfferPaySection({
  offerId,
  legalForm,
  proposal,
  onProposalChange,
}: {
  offerId: number;
  legalForm: TLegalForm;
  proposal: TProposalState;
  onProposalChange: (proposal: TProposalState) => void;
}) {
  const pay = useOfferPay(offerId, legalForm);
  const fieldsId = useId();
  const firstField = useRef<HTMLInputElement>(null);
  // Opened by the toggle: the focus goes to the first field once it shows.
  const focusOnOpen = useRef(false);
  useEffect(() => {
    if (!proposal.open || !focusOnOpen.current) return;
    focusOnOpen.current = false;
    firstField.current?.focus();
  }, [proposal.open]);
  if (pay.isPending) return <Spinner label={T.payLoading} />;
  if (pay.isError) return <QueryLoadError query={pay} message={T.payLoadFailed} />;
  const bounds = payBounds(pay.data);
  return (
    <div className="flex flex-col gap-3">
      <PayBreakdown pay={pay.data} summary={payFacts(pay.data)} testId="compenso-offerta" />
      {bounds ? (
        <>
          <Button
            variant="secondary"
            aria-expanded={proposal.open}
            aria-controls={fieldsId}
            onClick={() => {
              focusOnOpen.current = !proposal.open;
              onProposalChange({ ...proposal, open: !proposal.open, errors: {} });
            }}
          >
            {T.proposeToggle}
          </Button>
          <fieldset
            id={fieldsId}
            hidden={!proposal.open}
            className={cn(proposal.open ? 'flex' : 'hidden', 'flex-col gap-2 rounded-xl border border-emerald-200 p-3')}
          >
            <legend className="px-1 text-base font-semibold text-slate-900">{T.proposeLegend}</legend>
            <p className="text-sm text-slate-700">{T.proposeIntro}</p>
            <ProposalFields
              firstFieldRef={firstField}
              values={proposal.values}
              errors={proposal.errors}
              onChange={(values) => onProposalChange({ ...proposal, values, errors: {} })}
              showTravel={bounds.max_travel !== null}
              labels={{
                hourly: T.proposeHourly,
                hourlyHint: T.proposeHourlyHint(pay.data.hourly, bounds.max_hourly),
                travel: T.proposeTravel,
                travelHint: bounds.max_travel === null ? '' : T.proposeTravelHint(bounds.max_travel),
                reason: T.proposeReason,
                reasonHint: T.proposeReasonHint,
              }}
            />
            <p className="text-sm text-slate-700">{T.proposalWith}</p>
          </fieldset>
        </>
      ) : null}
    </div>
  );
}
