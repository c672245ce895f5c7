/**
 * The forms inside the negotiation's dialogs (decision 094): a decision without fields (what it means, then the
 * button) and the owner's counter (hourly between the offered figure and hers, travel at most hers), checked as the
 * server checks it; a refusal is said in the dialog.
 */
import type { TProposal } from '@farmaponte/shared';
import type { TLegalForm } from '@farmaponte/shared/engagement';
import { MESSAGES } from '@farmaponte/shared/messages';
import { UI_TEXT } from '@farmaponte/shared/ui-text';
import { DEAL_TEXT as T } from '@farmaponte/shared/ui-text-deal';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { QueryLoadError } from '../../../components/ui/load-error';
import { Spinner } from '../../../components/ui/spinner';
import { useOfferPay } from '../../../lib/api/offer-pay';
import { errorMessage } from '../../../lib/notify';
import { checkCounter } from '../../../lib/proposal-check';
import { ProposalForm } from './proposal-form';

/** A decision without fields: what it means, then the button; a refusal is said here. */
export function ConfirmStep({
  text,
  label,
  onConfirm,
  onCancel,
}: {
  text: string;
  label: string;
  onConfirm: () => Promise<unknown>;
  onCancel: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <div className="flex flex-col gap-4">
      <p className="text-base text-slate-800">{text}</p>
      <div role="alert">
        {error ? <p className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">{error}</p> : null}
      </div>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" disabled={busy} onClick={onCancel}>
          {UI_TEXT.cancel}
        </Button>
        <Button
          loading={busy}
          onClick={async () => {
            setBusy(true);
            setError(null);
            try {
              await onConfirm();
            } catch (failure) {
              setError(errorMessage(failure, MESSAGES.serverError));
            } finally {
              setBusy(false);
            }
          }}
        >
          {busy ? T.sending : label}
        </Button>
      </div>
    </div>
  );
}

export function CounterForm({
  proposal,
  offer,
  maxTravel,
  onSend,
  onCancel,
}: {
  proposal: TProposal;
  offer: { id: number; legalForm: TLegalForm };
  maxTravel: number | null;
  onSend: (counter: { hourly_pay?: number | null; travel_amount?: number | null; reason?: string }) => Promise<unknown>;
  onCancel: () => void;
}) {
  const pay = useOfferPay(offer.id, offer.legalForm);
  const travelCap = proposal.travel_amount ?? maxTravel;
  if (pay.isPending) return <Spinner label={T.payLoading} />;
  if (pay.isError) return <QueryLoadError query={pay} message={T.payLoadFailed} />;
  const offered = pay.data.hourly;
  return (
    <ProposalForm
      check={(values) => checkCounter(values, { offered, proposed: proposal, max_travel: maxTravel })}
      onSend={(counter) =>
        onSend({ hourly_pay: counter.hourly_pay, travel_amount: counter.travel_amount, reason: counter.reason })
      }
      onCancel={onCancel}
      submitLabel={T.counterSend}
      showTravel={travelCap !== null}
      labels={{
        hourly: T.counterHourly,
        hourlyHint: offered !== null && proposal.hourly_pay !== null ? T.counterHourlyHint(offered, proposal.hourly_pay) : '',
        travel: T.counterTravel,
        travelHint: travelCap === null ? '' : T.counterTravelHint(travelCap),
        reason: T.counterReason,
      }}
    />
  );
}
