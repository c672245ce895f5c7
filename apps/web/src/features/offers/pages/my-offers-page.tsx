/**
 * /mie_offerte (docs/product.md#my-offers): 'Le Mie Offerte', the owner's offers with their status and positions filled, 'Modifica'
 * (offer dialog, then the list reloads), 'Chiudi offerta' (confirmation) or 'Riapri', and 'Elimina' (confirmation,
 * then the offer leaves the list); 'Crea Offerta' publishes a new one, 'Pubblica più turni' many (decision 090);
 * 'Segna come urgente' (confirmation saying who is told) for a shift starting within 72 hours (decision 096).
 */
import type { TMyOffer } from '@farmaponte/shared';
import { INVITATION_TEXT } from '@farmaponte/shared/invitation-text';
import { MESSAGES } from '@farmaponte/shared/messages';
import { UI_TEXT } from '@farmaponte/shared/ui-text';
import { BULK_TEXT } from '@farmaponte/shared/ui-text-bulk-offers';
import { OWNER_TEXT } from '@farmaponte/shared/ui-text-owner';
import { URGENT_TEXT } from '@farmaponte/shared/urgent-shifts';
import { type ReactNode, Suspense, useRef, useState } from 'react';
import { EmailConfirmationNotice } from '../../../components/email-confirmation/email-confirmation-notice';
import { ButtonLink } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { QueryLoadError } from '../../../components/ui/load-error';
import { OverlaySpinner, PageSpinner } from '../../../components/ui/spinner';
import { TextLink } from '../../../components/ui/text-link';
import { VerificationNotice } from '../../../components/verification-notice';
import { useMyOffers } from '../../../lib/api/get-my-offers';
import { useUserDetails } from '../../../lib/api/get-user-details';
import { ApiError } from '../../../lib/api-client';
import { errorMessage, notify } from '../../../lib/notify';
import { pageTitle } from '../../../lib/page-title';
import { PATHS } from '../../../lib/paths';
import { useSetOfferAvailability } from '../api/close-offer';
import { useCloseSeries } from '../api/close-series';
import { useDeleteOffer } from '../api/delete-offer';
import { useMarkUrgent } from '../api/mark-urgent';
import { MyOfferCard } from '../components/my-offer-card';
import { CreateOfferButton, OfferDialog } from '../components/offer-dialog';
import { seriesOf } from '../lib/shift-days';

/** `offerExtras`: what the app plugs into each offer's card (its invitations). */
export function MyOffersPage({ offerExtras }: { offerExtras?: (offer: TMyOffer) => ReactNode }) {
  const offers = useMyOffers();
  // An owner not verified yet is told why the offers wait (decision 049); an unconfirmed e-mail, why reopening is refused.
  const details = useUserDetails();
  const deleteOffer = useDeleteOffer();
  const availability = useSetOfferAvailability();
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The button that opened a dialog gets the focus back; after a deletion the heading does (the button is gone).
  const returnFocusRef = useRef<HTMLElement | null>(null);
  const [editing, setEditing] = useState<{ open: boolean; offer: TMyOffer | null; used: boolean }>({
    open: false,
    offer: null,
    used: false,
  });
  // The offer stays set while the confirmation closes, so its text does not blank out mid-animation.
  const [deleting, setDeleting] = useState<{ open: boolean; offer: TMyOffer | null }>({ open: false, offer: null });

  const [closing, setClosing] = useState<{ open: boolean; offer: TMyOffer | null }>({ open: false, offer: null });
  const closeSeries = useCloseSeries();
  const [closingSeries, setClosingSeries] = useState<{ open: boolean; offer: TMyOffer | null }>({ open: false, offer: null });
  const markUrgent = useMarkUrgent();
  const [marking, setMarking] = useState<{ open: boolean; offer: TMyOffer | null }>({ open: false, offer: null });

  async function confirmMarkUrgent() {
    if (!marking.offer) return;
    try {
      const changed = await markUrgent.mutateAsync(marking.offer.id);
      notify.success(changed.message);
    } catch (error) {
      notify.error(errorMessage(error, MESSAGES.loadFailed));
    } finally {
      setMarking((state) => ({ ...state, open: false }));
    }
  }

  /** Each series' shifts on the list, and whether one of them is still open to close (decision 090). */
  const series = seriesOf(offers.data ?? []);

  async function confirmCloseSeries() {
    const seriesId = closingSeries.offer?.series_id;
    if (!seriesId) return;
    try {
      const changed = await closeSeries.mutateAsync(seriesId);
      notify.success(changed.message);
    } catch (error) {
      notify.error(errorMessage(error, MESSAGES.loadFailed));
    } finally {
      setClosingSeries((state) => ({ ...state, open: false }));
    }
  }

  async function confirmClose() {
    if (!closing.offer) return;
    try {
      const changed = await availability.mutateAsync({ id: closing.offer.id, action: 'close' });
      notify.success(changed.message);
    } catch (error) {
      notify.error(errorMessage(error, MESSAGES.loadFailed));
    } finally {
      setClosing((state) => ({ ...state, open: false }));
    }
  }

  /** Reopening refused until the e-mail is confirmed (decision 047): the reason, with 'Invia di nuovo', above the list. */
  const [confirmFirst, setConfirmFirst] = useState<string | null>(null);

  function reopen(offer: TMyOffer) {
    availability.mutate(
      { id: offer.id, action: 'reopen' },
      {
        onSuccess: (changed) => notify.success(changed.message),
        onError: (error) =>
          error instanceof ApiError && error.code === 'email_not_verified' && details.data
            ? setConfirmFirst(error.message)
            : notify.error(errorMessage(error, MESSAGES.loadFailed)),
      },
    );
  }

  async function confirmDelete() {
    if (!deleting.offer) return;
    try {
      await deleteOffer.mutateAsync(deleting.offer.id);
      notify.success(MESSAGES.offerDeleted, { duration: 'deletion' });
      returnFocusRef.current = headingRef.current;
    } catch (error) {
      notify.error(errorMessage(error, MESSAGES.offerDeleteFailed), { duration: 'deletion' });
    } finally {
      setDeleting((state) => ({ ...state, open: false }));
    }
  }

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-6 sm:py-10">
      <title>{pageTitle(UI_TEXT.myOffers)}</title>
      <TextLink to={PATHS.home} className="inline-flex min-h-11 items-center gap-1 text-base">
        <span aria-hidden="true">←</span> {UI_TEXT.backHome}
      </TextLink>
      <div className="mt-2 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 ref={headingRef} tabIndex={-1} className="text-2xl font-bold text-slate-900 focus:outline-none sm:text-3xl">
            {UI_TEXT.myOffers}
          </h1>
          <p className="mt-2 text-base text-slate-700">{OWNER_TEXT.myOffersIntro}</p>
          <TextLink to={PATHS.favourites} className="mt-1 inline-flex min-h-11 items-center text-base">
            {INVITATION_TEXT.favouritesLink}
          </TextLink>
        </div>
        <div className="flex w-full shrink-0 flex-col gap-2 sm:w-auto sm:flex-row">
          <ButtonLink to={PATHS.publishShifts} variant="secondary" className="w-full sm:w-auto">
            {BULK_TEXT.myOffersLink}
          </ButtonLink>
          <CreateOfferButton className="w-full sm:w-auto" />
        </div>
      </div>
      {details.data ? (
        <div className="mt-4">
          <VerificationNotice user={details.data} />
        </div>
      ) : null}

      {confirmFirst && details.data ? (
        <EmailConfirmationNotice email={details.data.username} because={confirmFirst} className="mt-6" />
      ) : null}

      <section aria-labelledby="my-offers-list" className="mt-6">
        <h2 id="my-offers-list" className="sr-only">
          {UI_TEXT.myOffers}
        </h2>
        {offers.data ? (
          offers.data.length ? (
            <ul className="flex flex-col gap-4">
              {offers.data.map((offer) => (
                <li key={offer.id}>
                  <MyOfferCard
                    offer={offer}
                    extra={offerExtras?.(offer)}
                    series={
                      offer.series_id
                        ? {
                            count: series.get(offer.series_id)?.count ?? 1,
                            onClose: series.get(offer.series_id)?.closable
                              ? (button) => {
                                  returnFocusRef.current = button;
                                  setClosingSeries({ open: true, offer });
                                }
                              : undefined,
                          }
                        : undefined
                    }
                    onPreloadDialog={OfferDialog.preload}
                    onEdit={(selected, button) => {
                      returnFocusRef.current = button;
                      setEditing({ open: true, offer: selected, used: true });
                    }}
                    onDelete={(selected, button) => {
                      returnFocusRef.current = button;
                      setDeleting({ open: true, offer: selected });
                    }}
                    onClose={(selected, button) => {
                      returnFocusRef.current = button;
                      setClosing({ open: true, offer: selected });
                    }}
                    onReopen={reopen}
                    onMarkUrgent={(selected, button) => {
                      returnFocusRef.current = button;
                      setMarking({ open: true, offer: selected });
                    }}
                    reopening={
                      availability.isPending &&
                      availability.variables?.action === 'reopen' &&
                      availability.variables.id === offer.id
                    }
                  />
                </li>
              ))}
            </ul>
          ) : (
            <p className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center text-base text-slate-700">
              {UI_TEXT.offersEmpty}
            </p>
          )
        ) : offers.isError ? (
          <QueryLoadError query={offers} className="text-base" />
        ) : (
          <PageSpinner />
        )}
      </section>

      {editing.used ? (
        <Suspense fallback={<OverlaySpinner />}>
          <OfferDialog
            open={editing.open}
            offer={editing.offer}
            onOpenChange={(open) => setEditing((state) => ({ ...state, open }))}
            returnFocusRef={returnFocusRef}
          />
        </Suspense>
      ) : null}

      <ConfirmDialog
        open={closing.open}
        onOpenChange={(open) => setClosing((state) => ({ ...state, open }))}
        title={OWNER_TEXT.offerCloseTitle}
        description={OWNER_TEXT.offerCloseQuestion(closing.offer?.title ?? '')}
        confirmLabel={OWNER_TEXT.offerCloseButton}
        busyLabel={OWNER_TEXT.offerCloseBusy}
        cancelLabel={OWNER_TEXT.offerKeepOpen}
        busy={availability.isPending}
        onConfirm={confirmClose}
        returnFocusRef={returnFocusRef}
      />

      <ConfirmDialog
        open={marking.open}
        onOpenChange={(open) => setMarking((state) => ({ ...state, open }))}
        title={URGENT_TEXT.markTitle}
        description={URGENT_TEXT.markQuestion(marking.offer?.title ?? '')}
        confirmLabel={URGENT_TEXT.markConfirm}
        busyLabel={URGENT_TEXT.markBusy}
        cancelLabel={URGENT_TEXT.markCancel}
        busy={markUrgent.isPending}
        onConfirm={confirmMarkUrgent}
        returnFocusRef={returnFocusRef}
      />

      <ConfirmDialog
        open={closingSeries.open}
        onOpenChange={(open) => setClosingSeries((state) => ({ ...state, open }))}
        title={BULK_TEXT.seriesCloseTitle}
        description={BULK_TEXT.seriesCloseQuestion(closingSeries.offer?.title ?? '')}
        confirmLabel={BULK_TEXT.seriesClose}
        busyLabel={BULK_TEXT.seriesCloseBusy}
        cancelLabel={BULK_TEXT.seriesKeepOpen}
        busy={closeSeries.isPending}
        onConfirm={confirmCloseSeries}
        returnFocusRef={returnFocusRef}
      />

      <ConfirmDialog
        open={deleting.open}
        onOpenChange={(open) => setDeleting((state) => ({ ...state, open }))}
        title={OWNER_TEXT.offerDeleteTitle}
        description={OWNER_TEXT.offerDeleteQuestion(deleting.offer?.title ?? '')}
        confirmLabel={UI_TEXT.offerDelete}
        busyLabel={UI_TEXT.deleteBusy}
        cancelLabel={UI_TEXT.cancel}
        busy={deleteOffer.isPending}
        onConfirm={confirmDelete}
        returnFocusRef={returnFocusRef}
      />
    </div>
  );
}
