/**
 * The apply dialog (decision 093), for an offer that offers the freelance form or takes a proposal on the pay: the
 * form she works under and her professional file's readiness, her pay for that form hour by hour with her trip, and
 * 'Proponi un altro compenso' when negotiable (components/legal-form-answer-form.tsx), then 'Invia candidatura'. The server's
 * refusals (partita_iva_missing, insurance_missing, insurance_expired) are said in the dialog, with the way to /fascicolo.
 */
import type { TProposalInput } from '@farmaponte/shared';
import type { TLegalForm } from '@farmaponte/shared/engagement';
import { UI_TEXT } from '@farmaponte/shared/ui-text';
import { ENGAGEMENT_TEXT as T } from '@farmaponte/shared/ui-text-engagement';
import type { RefObject } from 'react';
import { LegalFormAnswerForm } from '../../../components/legal-form-answer-form';
import { Dialog } from '../../../components/ui/dialog';

export interface TApplyDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The offer applied to: its id, title and legal forms. */
  offer: { id: number; title: string } | null;
  returnFocusRef?: RefObject<HTMLElement | null>;
  /** Sends the application; rejects with the server's ApiError. */
  onApply: (offerId: number, legalForm: TLegalForm, proposal?: TProposalInput) => Promise<unknown>;
  sending: boolean;
}

const LABELS = { submit: T.applySend, busy: T.applySending, cancel: UI_TEXT.cancel, fileNotReady: T.applyFileNotReady };

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
        <LegalFormAnswerForm
          key={offer.id}
          offer={offer}
          payOfferId={offer.id}
          name="forma-candidatura"
          onSubmit={(legalForm, proposal) => onApply(offer.id, legalForm, proposal)}
          sending={sending}
          onCancel={() => onOpenChange(false)}
          labels={LABELS}
        />
      ) : null}
    </Dialog>
  );
}
