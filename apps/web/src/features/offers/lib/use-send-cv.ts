/**
 * 'Manda CV' on /cerca_offerte: the application sent, its status on the row at once, and what stops it (no CV yet: the
 * CV dialog, plugged in by the app; an e-mail not confirmed: the notice at the top of the list).
 */
import type { TApplicationStatus, TOfferSearchResult, TProposalInput } from '@farmaponte/shared';
import type { TLegalForm } from '@farmaponte/shared/engagement';
import { MESSAGES } from '@farmaponte/shared/messages';
import { useQueryClient } from '@tanstack/react-query';
import { type ComponentType, useCallback, useEffect, useRef, useState } from 'react';
import type { TLazyDialogProps } from '../../../components/ui/lazy-dialog-button';
import { useUserDetails } from '../../../lib/api/get-user-details';
import { ApiError } from '../../../lib/api-client';
import { needsApplyDialog } from '../../../lib/apply-choice';
import { whenIdle } from '../../../lib/lazy-with-preload';
import { notify } from '../../../lib/notify';
import { appliedOfferId, useApplyToOffer } from '../api/apply-to-offer';
import { calendarConflictOf } from '../api/get-calendar-conflict';
import { offersKeys } from '../api/query-keys';

/** The CV upload dialog, plugged in by the app (features do not import each other). */
export type TCvDialog = ComponentType<TLazyDialogProps & { notice?: string }> & { preload: () => Promise<void> };

export function useSendCv({
  cvDialog,
  mapWanted,
  preloadMap,
}: {
  cvDialog: TCvDialog;
  /** The list has answered and the map's code is asked for. */
  mapWanted: boolean;
  /** Resolves once the map's code has come. */
  preloadMap: () => Promise<void>;
}) {
  const details = useUserDetails();
  const apply = useApplyToOffer();
  const queryClient = useQueryClient();

  // The search answers each offer's application status; one just sent shows at once.
  const [sent, setSent] = useState<ReadonlyMap<number, TApplicationStatus>>(new Map());
  const statusOf = useCallback((offer: TOfferSearchResult) => sent.get(offer.id) ?? offer.my_application_status ?? null, [sent]);
  /** The 'Manda CV' that found no CV: the focus goes back there once the CV dialog closes. */
  const applyButton = useRef<HTMLElement | null>(null);
  const [cvDialogOpen, setCvDialogOpen] = useState(false);
  const [cvDialogUsed, setCvDialogUsed] = useState(false);
  const askForCv = useCallback(() => {
    setCvDialogUsed(true);
    setCvDialogOpen(true);
  }, []);
  const [confirmFirst, setConfirmFirst] = useState<string | null>(null);
  const confirmNotice = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (confirmFirst) confirmNotice.current?.scrollIntoView({ block: 'nearest' });
  }, [confirmFirst]);
  // An offer with the freelance form asks first which form, and whether her file allows it (decision 093).
  const [applyFor, setApplyFor] = useState<TOfferSearchResult | null>(null);
  const [applyDialogOpen, setApplyDialogOpen] = useState(false);
  const sentNow = useCallback(
    (offerId: number) => {
      notify.success(MESSAGES.applicationSent);
      setSent((current) => new Map(current).set(offerId, 'sent'));
      void queryClient.invalidateQueries({ queryKey: offersKeys.open });
    },
    [queryClient],
  );
  /** The dialog's 'Invia candidatura': what stops it outside the dialog (no CV, the e-mail) closes it; the rest it says. */
  const applyWithForm = useCallback(
    async (offerId: number, legalForm: TLegalForm, proposal?: TProposalInput) => {
      try {
        await apply.mutateAsync({ offerId, legalForm, proposal });
      } catch (error) {
        if (error instanceof ApiError && (error.code === 'cv_missing' || error.code === 'email_not_verified')) {
          setApplyDialogOpen(false);
          if (error.code === 'cv_missing') askForCv();
          else setConfirmFirst(error.message);
          return;
        }
        throw error;
      }
      setApplyDialogOpen(false);
      sentNow(offerId);
    },
    [apply.mutateAsync, askForCv, sentNow],
  );
  // An offer whose hours meet a busy time of her external calendar (decision 096): she is warned first, and may go on.
  const [conflict, setConflict] = useState<{ offer: TOfferSearchResult; days: string[] } | null>(null);
  const applyNow = useCallback(
    (offer: TOfferSearchResult) => {
      if (needsApplyDialog(offer)) {
        setApplyFor(offer);
        setApplyDialogOpen(true);
        return;
      }
      apply.mutate(offer.id, {
        onSuccess: () => sentNow(offer.id),
        onError: (error) => {
          // The server found no CV after all (e.g. the list was older than the profile): same as having none.
          if (error instanceof ApiError && error.code === 'cv_missing') return askForCv();
          // Not before the e-mail is confirmed (decision 047): the reason and 'Invia di nuovo' at the top of the list.
          if (error instanceof ApiError && error.code === 'email_not_verified') return setConfirmFirst(error.message);
          // The server's message when it answered (e.g. already applied), the generic one when it did not.
          notify.error(error instanceof ApiError && error.status > 0 ? error.message : MESSAGES.applicationFailed);
        },
      });
    },
    [apply.mutate, askForCv, sentNow],
  );
  const sendCv = useCallback(
    async (offer: TOfferSearchResult) => {
      applyButton.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      // The CV must be stored first (docs/rules.md#applications): nothing is sent, and the CV dialog opens right here to upload one.
      if (!details.data?.profile.pdf_file) return askForCv();
      const found = await calendarConflictOf(offer.id);
      if (found.conflict) return setConflict({ offer, days: found.days });
      applyNow(offer);
    },
    [details.data, askForCv, applyNow],
  );
  const canApply = details.data?.role === 'farmacista';
  const hasCv = Boolean(details.data?.profile.pdf_file);
  useEffect(() => {
    // A pharmacist without a CV will meet the CV dialog at the first 'Manda CV': have it ready, once the map's code has
    // come and the page is idle (on a phone's line the dialog would share the bandwidth the first view waits for).
    if (!canApply || hasCv || !mapWanted) return;
    let cancelled = false;
    void preloadMap().then(() => {
      if (!cancelled) whenIdle(() => void cvDialog.preload());
    });
    return () => {
      cancelled = true;
    };
  }, [canApply, hasCv, mapWanted, cvDialog, preloadMap]);

  return {
    /** The user's details: the role, the CV, the e-mail a confirmation notice names. */
    details,
    canApply,
    sendCv,
    /** The offer whose application is on its way. */
    applyingId: apply.isPending && apply.variables !== undefined ? appliedOfferId(apply.variables) : null,
    statusOf,
    /** Why the last 'Manda CV' waits for the e-mail's confirmation, and where that notice is. */
    confirmFirst,
    confirmNotice,
    cvDialog: { used: cvDialogUsed, open: cvDialogOpen, setOpen: setCvDialogOpen, returnFocusRef: applyButton },
    /** The warning of an offer whose hours meet a busy time of her calendar: 'Candidati comunque' goes on. */
    calendarConflict: {
      days: conflict?.days ?? null,
      close: () => setConflict(null),
      applyAnyway: () => {
        const offer = conflict?.offer;
        setConflict(null);
        if (offer) applyNow(offer);
      },
      returnFocusRef: applyButton,
    },
    /** The apply dialog of an offer with the freelance form. */
    applyDialog: {
      offer: applyFor,
      open: applyDialogOpen,
      setOpen: setApplyDialogOpen,
      returnFocusRef: applyButton,
      onApply: applyWithForm,
      sending: apply.isPending,
    },
  };
}
