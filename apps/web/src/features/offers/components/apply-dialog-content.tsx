/**
 * The apply dialog (decision 093), for an offer that offers the freelance form: which form she works under (when both
 * are offered), and for the freelance form whether her professional file allows it (what is missing, with a link to
 * /fascicolo); then 'Invia candidatura'. The server's refusals (partita_iva_missing, insurance_missing,
 * insurance_expired) are said in the dialog, with the same link.
 */
import { LEGAL_FORM_LABELS, type TLegalForm } from '@farmaponte/shared/engagement';
import { MESSAGES } from '@farmaponte/shared/messages';
import { UI_TEXT } from '@farmaponte/shared/ui-text';
import { ENGAGEMENT_TEXT as T } from '@farmaponte/shared/ui-text-engagement';
import { type FormEvent, type RefObject, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { QueryLoadError } from '../../../components/ui/load-error';
import { RadioCard } from '../../../components/ui/radio-card';
import { Spinner } from '../../../components/ui/spinner';
import { TextLink } from '../../../components/ui/text-link';
import { useProfessionalFile } from '../../../lib/api/engagement';
import { ApiError } from '../../../lib/api-client';
import { legalFormsOf } from '../../../lib/legal-forms';
import { PATHS } from '../../../lib/paths';
import { firstLegalForm, refusalText } from '../lib/apply-choice';

export interface TApplyDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The offer applied to: its id, title and legal forms. */
  offer: { id: number; title: string } | null;
  returnFocusRef?: RefObject<HTMLElement | null>;
  /** Sends the application; rejects with the server's ApiError. */
  onApply: (offerId: number, legalForm: TLegalForm) => Promise<unknown>;
  sending: boolean;
}

export default function ApplyDialogContent({ open, onOpenChange, offer, returnFocusRef, onApply, sending }: TApplyDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={T.applyTitle}
      description={offer ? T.applyIntro(offer.title) : undefined}
      returnFocusRef={returnFocusRef}
    >
      {open && offer ? (
        <ApplyForm key={offer.id} offer={offer} onApply={onApply} sending={sending} onCancel={() => onOpenChange(false)} />
      ) : null}
    </Dialog>
  );
}

function ApplyForm({
  offer,
  onApply,
  sending,
  onCancel,
}: {
  offer: { id: number; title: string };
  onApply: TApplyDialogProps['onApply'];
  sending: boolean;
  onCancel: () => void;
}) {
  const forms = legalFormsOf(offer);
  const [form, setForm] = useState<TLegalForm>(() => firstLegalForm(offer));
  const [refusal, setRefusal] = useState<{ text: string; toFile: boolean } | null>(null);
  const freelance = form === 'libera_professione';
  const file = useProfessionalFile({ enabled: freelance });
  const notReady = freelance && file.data && !file.data.ready_for_freelance;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setRefusal(null);
    try {
      await onApply(offer.id, form);
    } catch (error) {
      if (error instanceof ApiError && error.status >= 400 && error.status < 500)
        setRefusal(refusalText(error.code, error.message));
      else setRefusal({ text: MESSAGES.applicationFailed, toFile: false });
    }
  }

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      {forms.length > 1 ? (
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1.5 text-base font-semibold text-slate-900">{T.applyChooseForm}</legend>
          {forms.map((option) => (
            <RadioCard
              key={option}
              name="forma-candidatura"
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
      ) : (
        <p className="text-base text-slate-800">{T.applyFreelanceOnly}</p>
      )}

      {freelance ? (
        file.isPending ? (
          <Spinner label={T.applyChecking} />
        ) : file.isError ? (
          <QueryLoadError query={file} message={T.applyFileLoadFailed} />
        ) : notReady ? (
          <div role="status" className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950">
            <p className="font-medium">{T.applyFileNotReady}</p>
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
        <Button variant="secondary" onClick={onCancel}>
          {UI_TEXT.cancel}
        </Button>
        <Button type="submit" loading={sending} disabled={Boolean(notReady) || (freelance && file.isPending)}>
          {sending ? T.applySending : T.applySend}
        </Button>
      </div>
    </form>
  );
}
