/**
 * The form an application is sent under (decision 093), for an offer that offers the freelance form: the choice when
 * both forms are offered, and for the freelance form whether her professional file allows it (what is missing, with a
 * link to /fascicolo); then the answer's button. Used by the apply dialog and by the acceptance of an invitation.
 * A refusal of the form she chose (her file, a form no longer offered) is said here, with the same link.
 * With the offer's id, her pay for the form chosen and, when the offer is negotiable, her proposal (decision 094):
 * checked here as the server checks it, sent with the answer.
 */
import type { TProposalInput } from '@farmaponte/shared';
import type { TLegalForm } from '@farmaponte/shared/engagement';
import { LEGAL_FORM_LABELS } from '@farmaponte/shared/engagement';
import { MESSAGES } from '@farmaponte/shared/messages';
import { ENGAGEMENT_TEXT as T } from '@farmaponte/shared/ui-text-engagement';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { useProfessionalFile } from '../lib/api/engagement';
import { offerPayQueryOptions } from '../lib/api/offer-pay';
import { ApiError } from '../lib/api-client';
import { firstLegalForm, refusalText } from '../lib/apply-choice';
import { legalFormsOf } from '../lib/legal-forms';
import { PATHS } from '../lib/paths';
import { checkProposal, type TProposalValues } from '../lib/proposal-check';
import { OfferPaySection, payBounds, type TProposalState } from './offer-pay-section';
import { EMPTY_PROPOSAL, focusFirstError } from './proposal-fields';
import { Button } from './ui/button';
import { QueryLoadError } from './ui/load-error';
import { RadioCard } from './ui/radio-card';
import { Spinner } from './ui/spinner';
import { TextLink } from './ui/text-link';

export interface TLegalFormAnswerFormProps {
  /** The offer answered: its legal forms. */
  offer: object;
  /** The offer's id: her pay is shown, and a proposal may go with the answer when the offer is negotiable. */
  payOfferId?: number;
  /** Sends the answer under the form chosen; a rejection with the server's ApiError (4xx) is said in the form. */
  onSubmit: (legalForm: TLegalForm, proposal?: TProposalInput) => Promise<unknown>;
  sending: boolean;
  onCancel: () => void;
  labels: { submit: string; busy: string; cancel: string; fileNotReady: string; failed?: string };
  /** The radios' name, one per page. */
  name: string;
}

export function LegalFormAnswerForm({ offer, payOfferId, onSubmit, sending, onCancel, labels, name }: TLegalFormAnswerFormProps) {
  const forms = legalFormsOf(offer);
  const [form, setForm] = useState<TLegalForm>(() => firstLegalForm(offer));
  const [refusal, setRefusal] = useState<{ text: string; toFile: boolean } | null>(null);
  const [proposal, setProposal] = useState<TProposalState>({ open: false, values: EMPTY_PROPOSAL, errors: {} });
  const formRef = useRef<HTMLFormElement>(null);
  const queryClient = useQueryClient();
  const freelance = form === 'libera_professione';
  const file = useProfessionalFile({ enabled: freelance });
  const notReady = freelance && file.data && !file.data.ready_for_freelance;

  /** Her proposal, checked against the bounds the pay section showed; undefined when she proposes nothing. */
  function proposalToSend(): TProposalInput | undefined | false {
    if (payOfferId === undefined || !proposal.open) return undefined;
    const bounds = payBounds(queryClient.getQueryData(offerPayQueryOptions(payOfferId, form).queryKey));
    if (!bounds) return undefined;
    const checked = checkProposal(proposal.values, bounds);
    if (checked.ok) return checked.value;
    setProposal({ ...proposal, errors: checked.errors });
    requestAnimationFrame(() => focusFirstError(formRef.current));
    return false;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setRefusal(null);
    const sent = proposalToSend();
    if (sent === false) return;
    try {
      await onSubmit(form, sent);
    } catch (error) {
      if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
        setRefusal(refusalText(error.code, error.message));
        const fields = proposalFieldErrors(error);
        if (fields) setProposal((state) => ({ ...state, errors: fields }));
      } else setRefusal({ text: labels.failed ?? MESSAGES.applicationFailed, toFile: false });
    }
  }

  return (
    <form ref={formRef} noValidate onSubmit={submit} className="flex flex-col gap-4">
      {forms.length > 1 ? (
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1.5 text-base font-semibold text-slate-900">{T.applyChooseForm}</legend>
          {forms.map((option) => (
            <RadioCard
              key={option}
              name={name}
              value={option}
              checked={form === option}
              onChange={() => {
                setForm(option);
                setRefusal(null);
              }}
              label={LEGAL_FORM_LABELS[option]}
            />
          ))}
        </fieldset>
      ) : forms[0] === 'libera_professione' ? (
        <p className="text-base text-slate-800">{T.applyFreelanceOnly}</p>
      ) : null}

      {freelance ? (
        file.isPending ? (
          <Spinner label={T.applyChecking} />
        ) : file.isError ? (
          <QueryLoadError query={file} message={T.applyFileLoadFailed} />
        ) : notReady ? (
          <div role="status" className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950">
            <p className="font-medium">{labels.fileNotReady}</p>
            <ul className="mt-1 list-disc pl-5">
              {file.data?.missing_for_freelance.map((missing) => (
                <li key={missing}>{missing}</li>
              ))}
            </ul>
            <TextLink to={PATHS.professionalFile} className="mt-2 inline-flex min-h-11 items-center">
              {T.applyOpenFile}
            </TextLink>
          </div>
        ) : (
          <p role="status" className="rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-900">
            {T.applyFileReady}
          </p>
        )
      ) : null}

      {payOfferId !== undefined ? (
        <OfferPaySection key={form} offerId={payOfferId} legalForm={form} proposal={proposal} onProposalChange={setProposal} />
      ) : null}

      {refusal ? (
        <div role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
          <p>{refusal.text}</p>
          {refusal.toFile ? (
            <TextLink to={PATHS.professionalFile} className="mt-1 inline-flex min-h-11 items-center">
              {T.applyOpenFile}
            </TextLink>
          ) : null}
        </div>
      ) : null}

      <div className="mt-2 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" disabled={sending} onClick={onCancel}>
          {labels.cancel}
        </Button>
        <Button type="submit" loading={sending} disabled={Boolean(notReady) || (freelance && file.isPending)}>
          {sending ? labels.busy : labels.submit}
        </Button>
      </div>
    </form>
  );
}

/** The server's refusal of the proposal, field by field (`proposal.hourly_pay` or `hourly_pay`), when it names them. */
function proposalFieldErrors(error: ApiError) {
  const found: Partial<Record<keyof TProposalValues, string>> = {};
  for (const [key, message] of Object.entries(error.fields ?? {})) {
    const field = key.replace(/^proposal\./, '');
    if (field === 'hourly_pay' || field === 'travel_amount' || field === 'reason') found[field] = message;
  }
  return Object.keys(found).length ? found : null;
}
