/**
 * The negotiation on an application's pay (decision 094), on the owner's card and on hers: each step (her proposal,
 * the owner's counter) with its figures, reason, state and the decision's reason, then the terms settled; below,
 * the actions the side may take now (a slot). The focus comes back to its heading after a decision.
 */
import type { TAgreedTerms, TNegotiation, TProposal } from '@farmaponte/shared';
import { DEAL_TEXT as T } from '@farmaponte/shared/ui-text-deal';
import { type ReactNode, type RefObject, useId } from 'react';
import { QueryLoadError } from '../../../components/ui/load-error';
import { Spinner } from '../../../components/ui/spinner';
import { formatDateTime } from '../../../lib/dates';
import { useNegotiation } from '../api/negotiation';

const STATUS_LOOK: Record<TProposal['status'], string> = {
  in_attesa: 'border-amber-300 bg-amber-50 text-amber-950',
  accettata: 'border-emerald-300 bg-emerald-50 text-emerald-900',
  controproposta: 'border-sky-300 bg-sky-50 text-sky-900',
  rifiutata: 'border-red-200 bg-red-50 text-red-900',
  scaduta: 'border-slate-300 bg-slate-100 text-slate-800',
};

/** The step waiting for an answer, if any: her proposal (round 1) for the owner, the counter (round 2) for her. */
export const waitingStep = (negotiation: TNegotiation | undefined) =>
  negotiation?.proposals.find((proposal) => proposal.status === 'in_attesa') ?? null;

export function NegotiationHistory({
  applicationId,
  side,
  headingRef,
  agreed,
  actions,
}: {
  applicationId: number;
  /** Whose card: her proposal is 'La tua proposta' on hers. */
  side: 'owner' | 'pharmacist';
  /** Where the focus goes after a decision (the buttons that opened the dialog are gone then). */
  headingRef: RefObject<HTMLHeadingElement | null>;
  agreed: TAgreedTerms | null;
  actions: (negotiation: TNegotiation) => ReactNode;
}) {
  const titleId = useId();
  const negotiation = useNegotiation(applicationId);
  return (
    <section aria-labelledby={titleId} className="mt-4 rounded-xl border border-slate-200 p-3 text-sm" data-testid="trattativa">
      <h3 id={titleId} ref={headingRef} tabIndex={-1} className="text-base font-semibold text-slate-900 focus:outline-none">
        {T.negotiationTitle}
      </h3>
      {negotiation.data ? (
        <>
          <ol className="mt-2 flex flex-col gap-2">
            {negotiation.data.proposals.map((proposal) => (
              <li key={proposal.id} className="rounded-lg bg-slate-50 px-3 py-2">
                <p className="flex flex-wrap items-center justify-between gap-2">
                  <span className="font-medium text-slate-900">
                    {proposal.author === 'titolare'
                      ? T.counterBy(proposal.by)
                      : side === 'pharmacist'
                        ? T.myProposal
                        : T.proposalBy}
                  </span>
                  <span className={`rounded-full border px-2 py-0.5 text-xs font-semibold ${STATUS_LOOK[proposal.status]}`}>
                    <span className="sr-only">{T.statusLabel}: </span>
                    {T.statusNames[proposal.status]}
                  </span>
                </p>
                <p className="text-slate-900">{T.proposalTerms(proposal.hourly_pay, proposal.travel_amount)}</p>
                {proposal.reason ? (
                  <p className="whitespace-pre-line break-words text-slate-700">{T.proposalReason(proposal.reason)}</p>
                ) : null}
                {proposal.decision_reason ? (
                  <p className="whitespace-pre-line break-words text-slate-700">{T.decisionReason(proposal.decision_reason)}</p>
                ) : null}
                <time dateTime={proposal.created_at} className="text-xs text-slate-600">
                  {formatDateTime(proposal.created_at)}
                </time>
              </li>
            ))}
          </ol>
          {agreed ? (
            <p className="mt-2 font-medium text-emerald-900" data-testid="condizioni-concordate">
              {T.agreedTerms(agreed.hourly_pay, agreed.travel_amount)}
            </p>
          ) : null}
          {actions(negotiation.data)}
        </>
      ) : negotiation.isError ? (
        <QueryLoadError query={negotiation} message={T.negotiationLoadFailed} className="mt-2" />
      ) : (
        <Spinner label={T.negotiationLoading} />
      )}
    </section>
  );
}
