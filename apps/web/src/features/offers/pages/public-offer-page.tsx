/**
 * /offerte/:id, an offer's own address (no login): what a pharmacist sends a colleague. It shows the offer, says when
 * it is closed, and 'Candidati' leads a visitor through login and back here; a logged-in pharmacist applies at once.
 */
import type { TPublicOffer } from '@farmaponte/shared';
import { MESSAGES } from '@farmaponte/shared/messages';
import { offerPharmacyLine } from '@farmaponte/shared/offer-pharmacy';
import { UI_TEXT } from '@farmaponte/shared/ui-text';
import { ENGAGEMENT_TEXT } from '@farmaponte/shared/ui-text-engagement';
import { Suspense, useRef, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { EmailConfirmationNotice } from '../../../components/email-confirmation/email-confirmation-notice';
import { LegalFormBadges } from '../../../components/legal-form-badges';
import { ReportButton } from '../../../components/report-button';
import { Button, ButtonLink } from '../../../components/ui/button';
import { QueryLoadError } from '../../../components/ui/load-error';
import { OverlaySpinner, PageSpinner } from '../../../components/ui/spinner';
import { useUserDetails } from '../../../lib/api/get-user-details';
import { ApiError } from '../../../lib/api-client';
import { needsApplyDialog } from '../../../lib/apply-choice';
import { legalFormText } from '../../../lib/legal-form-text';
import { notify } from '../../../lib/notify';
import { formatEuros } from '../../../lib/numbers';
import { offerPeriod } from '../../../lib/offer-period';
import { pageTitle } from '../../../lib/page-title';
import { PATHS } from '../../../lib/paths';
import { loginPathFor } from '../../../lib/return-to';
import { useLoggedIn } from '../../../lib/use-logged-in';
import { useApplyToOffer } from '../api/apply-to-offer';
import { usePublicOffer } from '../api/get-public-offer';
import { ApplyDialog } from '../components/apply-dialog';
import { OfferPayBreakdown } from '../components/offer-pay-breakdown';

export function PublicOfferPage() {
  const offerId = Number(useParams().id);
  const offer = usePublicOffer(offerId);
  const error = offer.error instanceof ApiError ? offer.error : null;
  const gone = error?.status === 410;
  const missing = !Number.isInteger(offerId) || offerId < 1 || error?.status === 404;

  return (
    <div className="mx-auto w-full max-w-2xl flex-1 px-4 py-6 sm:py-10">
      {offer.data ? (
        <OfferDetails offer={offer.data} />
      ) : gone || missing ? (
        <section className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
          <title>{pageTitle(gone ? UI_TEXT.publicOfferClosedTitle : UI_TEXT.publicOfferMissingTitle)}</title>
          <h1 className="text-2xl font-bold text-slate-900">
            {gone ? UI_TEXT.publicOfferClosedTitle : UI_TEXT.publicOfferMissingTitle}
          </h1>
          <p className="mt-3 text-base text-slate-700">{gone ? UI_TEXT.publicOfferClosedText : UI_TEXT.publicOfferMissingText}</p>
          <ButtonLink to={PATHS.searchOffers} className="mt-5">
            {UI_TEXT.publicOfferSearchOthers}
          </ButtonLink>
        </section>
      ) : offer.isError ? (
        <QueryLoadError query={offer} className="text-base" />
      ) : (
        <PageSpinner />
      )}
    </div>
  );
}

function OfferDetails({ offer }: { offer: TPublicOffer }) {
  const period = offerPeriod(offer.date_from, offer.date_to);
  const open = offer.status === 'open';
  return (
    <article className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <title>{pageTitle(offer.title)}</title>
      <p className="text-sm font-medium text-emerald-800">{UI_TEXT.publicOfferKicker}</p>
      <h1 className="mt-1 break-words text-2xl font-bold text-slate-900">{offer.title}</h1>
      <p className="mt-1 text-base text-slate-700">
        {offerPharmacyLine(offer)}
        {offer.provincia ? ` (${offer.provincia})` : ''}
      </p>
      <LegalFormBadges offer={offer} className="mt-2" />
      {!open ? (
        <p role="status" className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          {UI_TEXT.publicOfferClosedText}
        </p>
      ) : null}
      <dl className="mt-5 grid gap-x-4 gap-y-1 text-base sm:grid-cols-[max-content_minmax(0,1fr)] sm:gap-y-3">
        {period ? <Detail label={UI_TEXT.offerPeriodLabel} value={period} /> : null}
        {offer.start_time && offer.end_time ? (
          <Detail label={UI_TEXT.offerHoursLabel} value={UI_TEXT.offerDailyHours(offer.start_time, offer.end_time)} />
        ) : null}
        {offer.hourly_pay !== null ? (
          <Detail label={UI_TEXT.offerPayLabel} value={UI_TEXT.offerHourlyPay(formatEuros(offer.hourly_pay))} />
        ) : null}
        {offer.salary ? <Detail label={UI_TEXT.offerSalaryNoteLabel} value={offer.salary} /> : null}
        <Detail label={ENGAGEMENT_TEXT.legalFormLabel} value={legalFormText(offer)} />
        <Detail label={UI_TEXT.offerPositionsLabel} value={String(offer.positions)} />
        <Detail label={UI_TEXT.offerDescriptionLabel} value={offer.description} multiline />
      </dl>
      {open ? <OfferPayBreakdown offer={offer} /> : null}
      {open ? <ApplyAction offer={offer} /> : null}
      <ReportAction offerId={offer.id} title={offer.title} />
      <p className="mt-6 text-sm">
        <Link
          to={PATHS.searchOffers}
          className="font-medium text-emerald-800 underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-emerald-700"
        >
          {UI_TEXT.publicOfferSearchOthers}
        </Link>
      </p>
    </article>
  );
}

/** 'Segnala' (decision 062), for a logged-in user: a visitor has no account to report with. */
function ReportAction({ offerId, title }: { offerId: number; title: string }) {
  if (!useLoggedIn()) return null;
  return (
    <p className="mt-4">
      <ReportButton targetType="offer" targetId={offerId} name={title} />
    </p>
  );
}

/**
 * 'Candidati': a visitor logs in first and comes back here; a pharmacist sends the stored CV, after the apply dialog
 * when the offer offers the freelance form (decision 093).
 */
function ApplyAction({ offer }: { offer: TPublicOffer }) {
  const offerId = offer.id;
  const location = useLocation();
  const loggedIn = useLoggedIn();
  const details = useUserDetails({ enabled: loggedIn });
  const apply = useApplyToOffer();
  const [dialogOpen, setDialogOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  if (!loggedIn)
    return (
      <ButtonLink to={loginPathFor(location)} size="lg" className="mt-6 w-full sm:w-auto">
        {UI_TEXT.publicOfferApply}
      </ButtonLink>
    );
  if (details.data?.role !== 'farmacista') return null;
  if (apply.isSuccess)
    return (
      <div className="mt-6 flex flex-col items-start gap-3">
        <p role="status" className="text-base text-emerald-800">
          {MESSAGES.applicationSent}
        </p>
        <ButtonLink to={PATHS.myApplications} variant="secondary">
          {UI_TEXT.myApplications}
        </ButtonLink>
      </div>
    );
  // Refused until the e-mail is confirmed (decision 047): the reason and 'Invia di nuovo' under the button.
  const confirmFirst = apply.error instanceof ApiError && apply.error.code === 'email_not_verified' ? apply.error.message : null;
  return (
    <>
      <Button
        ref={button}
        size="lg"
        className="mt-6 w-full sm:w-auto"
        loading={apply.isPending && !dialogOpen}
        onPointerEnter={needsApplyDialog(offer) ? ApplyDialog.preload : undefined}
        onClick={() =>
          needsApplyDialog(offer)
            ? setDialogOpen(true)
            : apply.mutate(offerId, {
                onSuccess: () => notify.success(MESSAGES.applicationSent),
                onError: (error) => {
                  if (error instanceof ApiError && error.code === 'email_not_verified') return;
                  notify.error(
                    error instanceof ApiError && error.code === 'cv_missing'
                      ? MESSAGES.cvNeededToApply
                      : error instanceof ApiError && error.status > 0
                        ? error.message
                        : MESSAGES.applicationFailed,
                  );
                },
              })
        }
      >
        {UI_TEXT.publicOfferApply}
      </Button>
      {dialogOpen ? (
        <Suspense fallback={<OverlaySpinner />}>
          <ApplyDialog
            open={dialogOpen}
            onOpenChange={setDialogOpen}
            offer={offer}
            returnFocusRef={button}
            sending={apply.isPending}
            onApply={async (id, legalForm, proposal) => {
              await apply.mutateAsync({ offerId: id, legalForm, proposal });
              notify.success(MESSAGES.applicationSent);
              setDialogOpen(false);
            }}
          />
        </Suspense>
      ) : null}
      {confirmFirst ? <EmailConfirmationNotice email={details.data.username} because={confirmFirst} className="mt-6" /> : null}
    </>
  );
}

function Detail({ label, value, multiline = false }: { label: string; value: string; multiline?: boolean }) {
  return (
    <>
      <dt className="font-medium text-slate-600">{label}</dt>
      <dd className={`mb-2 min-w-0 break-words text-slate-900 sm:mb-0 ${multiline ? 'whitespace-pre-line' : ''}`}>{value}</dd>
    </>
  );
}
