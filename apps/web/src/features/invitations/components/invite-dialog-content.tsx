/**
 * The invite dialog (loaded on first opening, see invite-button.tsx): one of the owner's open offers, an optional
 * message, and the fair-pay warning when the chosen offer pays less than the national contract. Checked with the
 * server's own schema (ZInviteInputSchema) before it is sent; what the server refuses is said in the form.
 */
import { type TMyOffer, ZInviteInputSchema } from '@farmaponte/shared';
import { INVITATION_MESSAGES, INVITATION_TEXT } from '@farmaponte/shared/invitation-text';
import { LIMITS } from '@farmaponte/shared/limits';
import { MESSAGES } from '@farmaponte/shared/messages';
import { UI_TEXT } from '@farmaponte/shared/ui-text';
import { type FormEvent, type RefObject, useId, useState } from 'react';
import { FairPayWarning } from '../../../components/fair-pay-warning';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { SelectField, TextareaField } from '../../../components/ui/field';
import { QueryLoadError } from '../../../components/ui/load-error';
import { Spinner } from '../../../components/ui/spinner';
import { useMyOffers } from '../../../lib/api/get-my-offers';
import { errorMessage, notify } from '../../../lib/notify';
import { offerPeriod } from '../../../lib/offer-period';
import { useInviteToOffer } from '../api/invite-to-offer';

export interface TInviteDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusRef: RefObject<HTMLElement | null>;
  pharmacist: { id: number; name: string; surname: string };
  /** The offer chosen first (an owner inviting from an offer's page). */
  offerId?: number;
}

export default function InviteDialogContent({ open, onOpenChange, returnFocusRef, pharmacist, offerId }: TInviteDialogProps) {
  const name = `${pharmacist.name} ${pharmacist.surname}`.trim();
  const [dirty, setDirty] = useState(false);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        onOpenChange(next);
        if (!next) setDirty(false);
      }}
      title={INVITATION_TEXT.inviteTitle(name)}
      description={INVITATION_TEXT.inviteIntro}
      returnFocusRef={returnFocusRef}
      hasUnsavedChanges={() => dirty}
    >
      {open ? (
        <InviteForm
          pharmacistId={pharmacist.id}
          initialOfferId={offerId}
          onChange={() => setDirty(true)}
          onDone={() => {
            setDirty(false);
            onOpenChange(false);
          }}
        />
      ) : null}
    </Dialog>
  );
}

const offerLabel = (offer: TMyOffer) => [offer.title, offerPeriod(offer.date_from, offer.date_to)].filter(Boolean).join(' · ');

function InviteForm({
  pharmacistId,
  initialOfferId,
  onChange,
  onDone,
}: {
  pharmacistId: number;
  initialOfferId?: number;
  onChange: () => void;
  onDone: () => void;
}) {
  const offers = useMyOffers();
  const invite = useInviteToOffer();
  const selectId = useId();
  const warningId = useId();
  const [offerId, setOfferId] = useState(initialOfferId ? String(initialOfferId) : '');
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<{ offer?: string; message?: string; form?: string }>({});
  const open = offers.data?.filter((offer) => offer.status === 'open') ?? [];
  const chosen = open.find((offer) => String(offer.id) === offerId);

  if (offers.isError) return <QueryLoadError query={offers} className="text-sm" />;
  if (!offers.data) return <Spinner />;
  if (!open.length) return <p className="text-base text-slate-700">{INVITATION_TEXT.inviteNoOpenOffers}</p>;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!chosen) {
      setErrors({ offer: INVITATION_TEXT.inviteOfferRequired });
      return;
    }
    const parsed = ZInviteInputSchema.safeParse({ pharmacist_id: pharmacistId, message });
    if (!parsed.success) {
      setErrors({ message: parsed.error.issues[0]?.message ?? MESSAGES.invalidInput });
      return;
    }
    try {
      await invite.mutateAsync({ offerId: chosen.id, ...parsed.data });
      notify.success(INVITATION_MESSAGES.invitationSent);
      onDone();
    } catch (error) {
      const text = errorMessage(error, MESSAGES.loadFailed);
      setErrors({ form: text });
      notify.error(text);
    }
  }

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-5">
      <div className="flex flex-col gap-2">
        <SelectField
          label={INVITATION_TEXT.inviteOfferLabel}
          required
          hint={INVITATION_TEXT.inviteOfferHint}
          error={errors.offer}
          value={offerId}
          id={selectId}
          // Its hint, its error, and the fair-pay warning of the offer chosen.
          aria-describedby={[`${selectId}-hint`, errors.offer ? `${selectId}-error` : '', warningId].filter(Boolean).join(' ')}
          onChange={(event) => {
            setOfferId(event.target.value);
            setErrors({});
            onChange();
          }}
        >
          <option value="">{INVITATION_TEXT.inviteOfferChoose}</option>
          {open.map((offer) => (
            <option key={offer.id} value={offer.id}>
              {offerLabel(offer)}
            </option>
          ))}
        </SelectField>
        <FairPayWarning id={warningId} pay={chosen?.hourly_pay} />
      </div>
      <TextareaField
        label={INVITATION_TEXT.inviteMessageLabel}
        rows={4}
        maxLength={LIMITS.invitationMessageMaxLength}
        value={message}
        error={errors.message}
        hint={`${INVITATION_TEXT.inviteMessageHint} ${UI_TEXT.charactersCount(message.length, LIMITS.invitationMessageMaxLength)}`}
        className="[&_textarea]:min-h-28"
        onChange={(event) => {
          setMessage(event.target.value);
          setErrors({});
          onChange();
        }}
      />
      {errors.form ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900">
          {errors.form}
        </p>
      ) : null}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" disabled={invite.isPending} onClick={onDone}>
          {UI_TEXT.cancel}
        </Button>
        <Button type="submit" loading={invite.isPending}>
          {invite.isPending ? INVITATION_TEXT.inviteBusy : INVITATION_TEXT.inviteSubmit}
        </Button>
      </div>
    </form>
  );
}
