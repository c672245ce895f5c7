/**
 * One application on /candidature (docs/product.md#applications-received): the applicant, its status, how to reach them, their CV, the owner's
 * decision ('Accetta', 'Rifiuta', or 'Annulla accettazione' once accepted), then the offer. A proposal on the pay
 * (decision 094) shows its history with 'Accetta proposta', 'Controproposta' and 'Rifiuta'; while it waits, the card
 * says the application's 'Accetta' must wait for it (the server answers 409 proposal_pending).
 */
import type { TReceivedApplication } from '@farmaponte/shared';
import { INVITATION_TEXT } from '@farmaponte/shared/invitation-text';
import { ALL_PROVINCES } from '@farmaponte/shared/places';
import { UI_TEXT } from '@farmaponte/shared/ui-text';
import { DEAL_TEXT } from '@farmaponte/shared/ui-text-deal';
import { ENGAGEMENT_TEXT } from '@farmaponte/shared/ui-text-engagement';
import { ORGANISATION_TEXT } from '@farmaponte/shared/ui-text-organisation';
import { OWNER_TEXT } from '@farmaponte/shared/ui-text-owner';
import { PRIVACY_TEXT } from '@farmaponte/shared/ui-text-privacy';
import { REVIEWS_TEXT } from '@farmaponte/shared/ui-text-reviews';
import { type ReactNode, useId, useRef } from 'react';
import { LegalFormBadge } from '../../../components/legal-form-badges';
import { RatingBadge } from '../../../components/rating-badge';
import { ReportButton } from '../../../components/report-button';
import { Button, buttonClasses } from '../../../components/ui/button';
import { ApplicationStatusBadge } from '../../../components/ui/status-badge';
import { TextLink, textLinkClasses } from '../../../components/ui/text-link';
import { useActingPharmacy, useMayWrite } from '../../../lib/api/get-organisation';
import { formatDateTime } from '../../../lib/dates';
import { applicationLegalForm } from '../../../lib/legal-forms';
import { contractPagePath, writeReviewPath } from '../../../lib/paths';
import { agreedOf, negotiationOf } from '../api/negotiation';
import { decisionsFor, isWaiting, type TDecisionKind } from '../lib/application-actions';
import { professionalFacts } from '../lib/engagement-facts';
import { OwnerNegotiationActions } from './negotiation-actions';
import { NegotiationHistory } from './negotiation-history';
import { NoShowButton } from './no-show-button';

/**
 * What the owner may do with an application: accept or reject it while it waits (only reject once the offer's period
 * has ended: the server refuses the acceptance, 409 offer_expired), cancel it once accepted.
 */
export type { TDecisionKind } from '../lib/application-actions';

export function applicantName(application: TReceivedApplication): string {
  return [application.farmacista.name, application.farmacista.surname].filter(Boolean).join(' ');
}

interface TReceivedApplicationCardProps {
  application: TReceivedApplication;
  /** The server would take the owner's review of this shift now (GET /api/reviews/pending/ names it). */
  reviewable?: boolean;
  onDecide: (application: TReceivedApplication, kind: TDecisionKind, button: HTMLButtonElement) => void;
  /** The CV was opened (in a new tab): the application becomes 'seen'. */
  onCvOpened: () => void;
  /** 'Messaggi' with the applicant (a slot: another feature's button). */
  messages?: ReactNode;
  /** What the page adds for the applicant (the star 'Aggiungi ai miei farmacisti'). */
  favourite?: ReactNode;
}

export function ReceivedApplicationCard({
  application,
  reviewable = false,
  onDecide,
  onCvOpened,
  messages,
  favourite,
}: TReceivedApplicationCardProps) {
  const nameId = useId();
  const bookedId = useId();
  const pendingId = useId();
  const negotiationHeading = useRef<HTMLHeadingElement>(null);
  const negotiation = negotiationOf(application);
  const proposalPending = negotiation?.status === 'in_attesa' && isWaiting(application);
  // The applicant holds an accepted shift on the same days (decision 071): 'Accetta' would be refused, so it is off.
  const booked = isWaiting(application) ? application.double_booked : null;
  const { farmacista, offer } = application;
  const fullName = applicantName(application);
  // A consultazione reads the applications (decision 089): no decision the server would refuse.
  const mayWrite = useMayWrite();
  const decisions = mayWrite ? decisionsFor(application) : [];
  const noShow = mayWrite && application.no_show_allowed;
  const residence = farmacista.provincia_residenza
    ? `${farmacista.comune} (${farmacista.provincia_residenza})`
    : farmacista.comune;
  const phoneDigits = farmacista.telephone?.replace(/[^\d+]/g, '') ?? '';
  // Who of the pharmacy's staff made the last step (decision 089): "Farmacia X (Laura Neri)".
  const acting = useActingPharmacy().current;
  const decidedBy = application.history.findLast((entry) => entry.status === application.status)?.by;
  return (
    <article
      aria-labelledby={nameId}
      className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
        <h2 id={nameId} className="min-w-0 break-words text-lg font-semibold text-slate-900">
          {fullName}
        </h2>
        <p className="flex flex-wrap items-center gap-1.5 text-xs text-slate-600">
          <span className="sr-only">{UI_TEXT.applicationStatusLabel}: </span>
          <ApplicationStatusBadge status={application.status} />
          <time dateTime={application.status_changed_at}>
            {OWNER_TEXT.applicationStatusSince(formatDateTime(application.status_changed_at))}
          </time>
          {decidedBy ? (
            <span>· {ORGANISATION_TEXT.actedBy(acting && acting !== 'tutte' ? acting.name : '', decidedBy)}</span>
          ) : null}
        </p>
      </div>
      <p className="mt-1 flex flex-wrap items-center gap-2">
        <span className="sr-only">{ENGAGEMENT_TEXT.legalFormLabel}: </span>
        <LegalFormBadge form={applicationLegalForm(application)} />
        {application.status === 'accepted' ? (
          <TextLink to={contractPagePath(application.id)} className="inline-flex min-h-11 items-center text-sm">
            {applicationLegalForm(application) === 'libera_professione'
              ? ENGAGEMENT_TEXT.contractOpen
              : ENGAGEMENT_TEXT.hiringSummaryLink}
          </TextLink>
        ) : null}
      </p>
      {professionalFacts(application).length ? (
        <ul className="text-sm text-slate-700" data-testid="fascicolo-candidato">
          {professionalFacts(application).map((fact) => (
            <li key={fact}>{fact}</li>
          ))}
        </ul>
      ) : null}
      {farmacista.titolo ? <p className="text-sm font-medium text-emerald-800">{farmacista.titolo}</p> : null}
      {farmacista.albo_verified ? (
        <AlboVerified ordine={farmacista.ordine_provincia} numero={farmacista.numero_iscrizione_albo} />
      ) : null}
      <RatingBadge userId={farmacista.id} rating={farmacista.rating} reliability={farmacista.reliability} />
      {reviewable ? (
        <TextLink to={writeReviewPath(application.id)} className="inline-flex min-h-11 items-center text-sm">
          {REVIEWS_TEXT.leaveReview}
        </TextLink>
      ) : null}
      <dl className="mt-4 grid grid-cols-[max-content_minmax(0,1fr)] gap-x-4 gap-y-1.5 text-sm">
        {residence ? (
          <>
            <dt className="text-slate-600">{UI_TEXT.applicationResidenceLabel}</dt>
            <dd className="break-words text-slate-900">{residence}</dd>
          </>
        ) : null}
        {farmacista.telephone ? (
          <>
            <dt className="text-slate-600">{UI_TEXT.telephoneLabel}</dt>
            <dd>
              <a href={`tel:${phoneDigits}`} className={textLinkClasses}>
                {farmacista.telephone}
              </a>
            </dd>
          </>
        ) : null}
        <dt className="text-slate-600">{UI_TEXT.applicationSubmittedLabel}</dt>
        <dd className="text-slate-900">
          <time dateTime={application.submitted_at}>{formatDateTime(application.submitted_at)}</time>
        </dd>
      </dl>
      <div className="mt-4">
        {farmacista.contact_hidden ? (
          // The contact data went with the application's end or their term (decision 067): said, not just missing.
          <p className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700" data-testid="contact-hidden">
            {farmacista.contact_hidden === 'application_closed'
              ? PRIVACY_TEXT.contactHiddenClosed
              : PRIVACY_TEXT.contactHiddenPeriodEnded}
          </p>
        ) : farmacista.pdf_file ? (
          <a
            href={farmacista.pdf_file}
            target="_blank"
            rel="noopener noreferrer"
            onClick={onCvOpened}
            className={buttonClasses('secondary', 'md', 'w-full sm:w-auto')}
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2">
              <path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8z" strokeLinejoin="round" />
              <path d="M14 3v5h5M9 13h6M9 17h4" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
            {UI_TEXT.viewPdf}
            <span className="sr-only"> {UI_TEXT.opensInNewTab}</span>
          </a>
        ) : (
          <p className="text-sm text-slate-600">{UI_TEXT.applicationNoCv}</p>
        )}
      </div>
      {application.message ? (
        <div className="mt-4 rounded-lg bg-slate-50 px-3 py-2 text-sm">
          <p className="font-medium text-slate-700">
            {application.status === 'withdrawn' ? UI_TEXT.applicationWithdrawnNote : UI_TEXT.applicationMessageSent}
          </p>
          <p className="mt-0.5 whitespace-pre-line break-words text-slate-900">{application.message}</p>
        </div>
      ) : null}
      {booked ? (
        <div id={bookedId} className="mt-4 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950">
          <p className="font-medium">{INVITATION_TEXT.doubleBooked(booked)}</p>
          <p className="mt-1">{INVITATION_TEXT.doubleBookedAcceptDisabled}</p>
        </div>
      ) : null}
      {negotiation ? (
        <NegotiationHistory
          applicationId={application.id}
          side="owner"
          headingRef={negotiationHeading}
          agreed={agreedOf(application)}
          actions={(history) =>
            mayWrite && isWaiting(application) ? (
              <OwnerNegotiationActions
                applicationId={application.id}
                applicant={fullName}
                negotiation={history}
                offer={{ id: offer.id, legalForm: applicationLegalForm(application) }}
                headingRef={negotiationHeading}
              />
            ) : null
          }
        />
      ) : null}
      {proposalPending && decisions.includes('accept') ? (
        <p id={pendingId} className="mt-3 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950">
          {negotiation?.round === 2 ? DEAL_TEXT.pendingCounterBeforeAccept : DEAL_TEXT.pendingBeforeAccept}
        </p>
      ) : null}
      {decisions.length || noShow ? (
        <div className="mt-4 flex flex-wrap gap-3 [&>button]:flex-1 sm:[&>button]:flex-none">
          {decisions.map((kind) => (
            <Button
              key={kind}
              variant={kind === 'accept' ? 'primary' : kind === 'reject' ? 'secondary' : 'danger'}
              aria-haspopup="dialog"
              disabled={kind === 'accept' && booked !== null}
              aria-describedby={
                kind === 'accept' && booked
                  ? `${nameId} ${bookedId}`
                  : kind === 'accept' && proposalPending
                    ? `${nameId} ${pendingId}`
                    : nameId
              }
              onClick={(event) => onDecide(application, kind, event.currentTarget)}
            >
              {DECISION_LABELS[kind]}
            </Button>
          ))}
          {noShow ? <NoShowButton applicationId={application.id} name={applicantName(application)} /> : null}
        </div>
      ) : null}
      {isWaiting(application) && offer.status === 'expired' ? (
        <p className="mt-3 text-sm text-slate-700">{UI_TEXT.applicationOfferExpiredNote}</p>
      ) : null}
      <div className="mt-3 flex flex-wrap items-center gap-2">
        {messages}
        {favourite}
        <ReportButton targetType="user" targetId={farmacista.id} name={fullName} />
      </div>
      <div className="mt-5 border-t border-slate-200 pt-4">
        <p className="text-xs font-semibold uppercase tracking-wide text-slate-600">{UI_TEXT.applicationOfferLabel}</p>
        <h3 className="mt-1 break-words text-base font-semibold text-slate-900">{offer.title}</h3>
        <p className="mt-1 whitespace-pre-line break-words text-sm text-slate-700">{offer.description}</p>
      </div>
    </article>
  );
}

const DECISION_LABELS: Record<TDecisionKind, string> = {
  accept: OWNER_TEXT.applicationAccept,
  reject: OWNER_TEXT.applicationReject,
  cancel: OWNER_TEXT.applicationCancelAcceptance,
};

/** An admin matched the applicant's albo entry with the Ordine's register (decision 050): what the albo shows of it. */
export function AlboVerified({ ordine, numero }: { ordine: string; numero: string }) {
  const ordineName = ALL_PROVINCES.find((province) => province.sigla === ordine)?.name ?? ordine;
  return (
    <p className="mt-2 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-700">
      <span className="inline-flex items-center gap-1 rounded-full border border-emerald-300 bg-emerald-50 px-2.5 py-0.5 text-xs font-semibold text-emerald-900">
        <span aria-hidden="true">✓</span>
        {OWNER_TEXT.alboVerifiedBadge}
      </span>
      {ordine && numero ? <span>{OWNER_TEXT.alboPublicEntry(ordineName, numero)}</span> : null}
    </p>
  );
}
