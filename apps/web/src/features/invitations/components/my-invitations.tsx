/**
 * The pharmacist's invitations, a section of /mie_candidature (plugged in by the app: features never import each other):
 * newest first, 'Accetta' after a confirmation (the shift is theirs at once) and 'Rifiuta' with an optional reason.
 * An offer that offers the freelance form asks first which form she works under and whether her professional file
 * allows it, as the apply dialog does (decision 093); a refusal of that form is said in the dialog, with the way to
 * /fascicolo. Any other refused answer stays on its card with what it means (double booked, places gone, expired…).
 */
import type { TPharmacistInvitation, TProposalInput } from '@farmaponte/shared';
import type { TLegalForm } from '@farmaponte/shared/engagement';
import { INVITATION_MESSAGES, INVITATION_TEXT } from '@farmaponte/shared/invitation-text';
import { LIMITS } from '@farmaponte/shared/limits';
import { PAY_MESSAGES } from '@farmaponte/shared/messages-pay';
import { UI_TEXT } from '@farmaponte/shared/ui-text';
import { ENGAGEMENT_TEXT } from '@farmaponte/shared/ui-text-engagement';
import { useRef, useState } from 'react';
import { LegalFormAnswerForm } from '../../../components/legal-form-answer-form';
import { OfferPay } from '../../../components/offer-pay-section';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { QueryLoadError } from '../../../components/ui/load-error';
import { MessageForm } from '../../../components/ui/message-form';
import { Spinner } from '../../../components/ui/spinner';
import { isLegalFormRefusal, isProposalRefusal, needsApplyDialog } from '../../../lib/apply-choice';
import { notify } from '../../../lib/notify';
import { useAnswerInvitation } from '../api/answer-invitation';
import { useMyInvitations } from '../api/get-my-invitations';
import { refusalOf, type TRefusal } from '../lib/refusal';
import { InvitationCard } from './invitation-card';

type TAnswering = { open: boolean; invitation: TPharmacistInvitation | null; answer: 'accept' | 'decline' };
type TAnswerInput =
  | { answer: 'accept'; legal_form?: TLegalForm; proposal?: TProposalInput }
  | { answer: 'decline'; reason: string };

const ACCEPT_LABELS = {
  submit: INVITATION_TEXT.accept,
  busy: INVITATION_TEXT.acceptBusy,
  cancel: INVITATION_TEXT.keep,
  fileNotReady: ENGAGEMENT_TEXT.acceptFileNotReady,
};

export function MyInvitations() {
  const invitations = useMyInvitations();
  const answer = useAnswerInvitation();
  const returnFocusRef = useRef<HTMLElement | null>(null);
  // The invitation stays set while the dialog closes, so its text does not blank out mid-animation.
  const [answering, setAnswering] = useState<TAnswering>({ open: false, invitation: null, answer: 'accept' });
  const [reason, setReason] = useState('');
  const [refusals, setRefusals] = useState<Record<number, TRefusal>>({});
  const close = () => {
    setAnswering((state) => ({ ...state, open: false }));
    setReason('');
  };

  /**
   * Sends the answer; a refusal is kept on the card (and said in a toast), the dialog closes; but a refusal of the legal
   * form chosen is thrown back to the dialog's form, which says it and lets her choose again.
   */
  async function send(invitation: TPharmacistInvitation, input: TAnswerInput) {
    try {
      await answer.mutateAsync({ id: invitation.id, ...input });
      setRefusals(({ [invitation.id]: _, ...others }) => others);
      notify.success(
        input.answer === 'decline'
          ? INVITATION_MESSAGES.invitationDeclined
          : input.proposal
            ? PAY_MESSAGES.proposalSent
            : INVITATION_MESSAGES.invitationAccepted,
      );
    } catch (error) {
      if (input.answer === 'accept' && input.legal_form && (isLegalFormRefusal(error) || isProposalRefusal(error))) throw error;
      const refusal = refusalOf(error);
      setRefusals((state) => ({ ...state, [invitation.id]: refusal }));
      notify.error(refusal.message);
    }
    close();
  }

  const { invitation } = answering;
  return (
    <section aria-labelledby="my-invitations" className="mt-6">
      <h2 id="my-invitations" className="text-xl font-bold text-slate-900">
        {INVITATION_TEXT.myInvitationsTitle}
      </h2>
      <p className="mt-1 text-base text-slate-700">{INVITATION_TEXT.myInvitationsIntro}</p>
      {invitations.data ? (
        invitations.data.length ? (
          <ul className="mt-4 grid grid-cols-1 gap-4 md:grid-cols-2 md:gap-6">
            {invitations.data.map((item) => (
              <li key={item.id}>
                <InvitationCard
                  invitation={item}
                  refusal={refusals[item.id] ?? null}
                  onAnswer={(selected, kind, button) => {
                    returnFocusRef.current = button;
                    setAnswering({ open: true, invitation: selected, answer: kind });
                  }}
                />
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-4 rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-6 text-center text-base text-slate-700">
            {INVITATION_TEXT.myInvitationsEmpty}
          </p>
        )
      ) : invitations.isError ? (
        <QueryLoadError query={invitations} className="mt-4 text-base" />
      ) : (
        <div className="mt-4 flex justify-center">
          <Spinner />
        </div>
      )}

      <Dialog
        open={answering.open}
        onOpenChange={(open) => (open ? undefined : close())}
        title={
          answering.answer === 'accept'
            ? INVITATION_TEXT.acceptTitle
            : INVITATION_TEXT.declineTitle(invitation?.offer.title ?? '')
        }
        description={
          answering.answer === 'accept' && invitation
            ? INVITATION_TEXT.acceptQuestion(invitation.offer.title, invitation.offer.denominazione_farmacia)
            : undefined
        }
        returnFocusRef={returnFocusRef}
        hasUnsavedChanges={() => answering.answer === 'decline' && reason.trim() !== ''}
      >
        {invitation && answering.answer === 'accept' && needsApplyDialog(invitation.offer) ? (
          <LegalFormAnswerForm
            key={invitation.id}
            offer={invitation.offer}
            payOfferId={invitation.offer.id}
            name="forma-invito"
            onSubmit={(legalForm, proposal) => send(invitation, { answer: 'accept', legal_form: legalForm, proposal })}
            sending={answer.isPending}
            onCancel={close}
            labels={ACCEPT_LABELS}
          />
        ) : invitation && answering.answer === 'accept' ? (
          <>
            <OfferPay offerId={invitation.offer.id} legalForm="dipendente" />
            <div className="mt-4 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <Button variant="secondary" disabled={answer.isPending} onClick={close}>
                {INVITATION_TEXT.keep}
              </Button>
              <Button loading={answer.isPending} onClick={() => void send(invitation, { answer: 'accept' })}>
                {answer.isPending ? INVITATION_TEXT.acceptBusy : INVITATION_TEXT.accept}
              </Button>
            </div>
          </>
        ) : invitation ? (
          <MessageForm
            label={INVITATION_TEXT.declineReasonLabel}
            hint={INVITATION_TEXT.declineReasonHint}
            maxLength={LIMITS.invitationDeclineReasonMaxLength}
            message={reason}
            onMessageChange={setReason}
            onConfirm={(text) => send(invitation, { answer: 'decline', reason: text })}
            pending={answer.isPending}
            cancelLabel={UI_TEXT.cancel}
            confirmLabel={INVITATION_TEXT.declineConfirm}
            busyLabel={INVITATION_TEXT.declineBusy}
            confirmVariant="danger"
            onCancel={close}
          />
        ) : null}
      </Dialog>
    </section>
  );
}
