/**
 * One application on /mie_candidature: the offer, the status in a word and a sentence, the owner's message, the
 * history (sent, seen, decided...) with dates and, for the pharmacy's steps, who of its staff made them, and 'Ritira candidatura' while it may be withdrawn.
 * Her proposal on the pay (decision 094) shows its state, and the owner's counter 'Accetta' and 'Rifiuta'; sent without
 * one to an offer that negotiates, 'Proponi un altro compenso' while it waits.
 */
import type { TApplicationHistoryEntry, TSentApplication } from '@farmaponte/shared';
import { UI_TEXT } from '@farmaponte/shared/ui-text';
import { ENGAGEMENT_TEXT } from '@farmaponte/shared/ui-text-engagement';
import { ORGANISATION_TEXT } from '@farmaponte/shared/ui-text-organisation';
import { type ReactNode, useId, useRef } from 'react';
import { ContractLine } from '../../../components/contract-line';
import { LegalFormBadge } from '../../../components/legal-form-badges';
import { ReportButton } from '../../../components/report-button';
import { Button } from '../../../components/ui/button';
import { ApplicationStatusBadge } from '../../../components/ui/status-badge';
import { formatDateTime } from '../../../lib/dates';
import { applicationLegalForm } from '../../../lib/legal-forms';
import { formatEuros } from '../../../lib/numbers';
import { offerPeriod } from '../../../lib/offer-period';
import { agreedOf, negotiationOf } from '../api/negotiation';
import { canWithdraw } from '../lib/application-actions';
import { CounterAnswerActions } from './negotiation-actions';
import { NegotiationHistory } from './negotiation-history';
import { ProposeLater } from './propose-later';

interface TSentApplicationCardProps {
  application: TSentApplication;
  onWithdraw: (application: TSentApplication, button: HTMLButtonElement) => void;
  /** 'Messaggi' with the owner (a slot: another feature's button). */
  messages?: ReactNode;
}

export function SentApplicationCard({ application, onWithdraw, messages }: TSentApplicationCardProps) {
  const titleId = useId();
  const negotiationHeading = useRef<HTMLHeadingElement>(null);
  const { offer } = application;
  const waiting = application.status === 'sent' || application.status === 'seen';
  const period = offerPeriod(offer.date_from, offer.date_to);
  // The history as the API gives it (oldest first); an application from before there was a history starts with its sending.
  const history: TApplicationHistoryEntry[] = application.history.length
    ? application.history
    : [{ status: 'sent', at: application.submitted_at, message: null }];
  return (
    <article
      aria-labelledby={titleId}
      className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-2">
        <h2 id={titleId} className="min-w-0 break-words text-lg font-semibold text-slate-900">
          {offer.title}
        </h2>
        <p>
          <span className="sr-only">{UI_TEXT.applicationStatusLabel}: </span>
          <ApplicationStatusBadge status={application.status} className="text-sm" />
        </p>
      </div>
      <p className="text-sm font-medium text-emerald-800">
        {offer.denominazione_farmacia} · {offer.comune_farmacia}
      </p>
      <p className="mt-2 flex flex-wrap items-center gap-2">
        <span className="sr-only">{ENGAGEMENT_TEXT.legalFormLabel}: </span>
        <LegalFormBadge form={applicationLegalForm(application)} />
      </p>
      <p className="mt-3 text-sm text-slate-800">{UI_TEXT.applicationStatusExplained[application.status]}</p>
      {application.status === 'accepted' && applicationLegalForm(application) === 'libera_professione' ? (
        <ContractLine applicationId={application.id} />
      ) : null}
      {negotiationOf(application) ? (
        <NegotiationHistory
          applicationId={application.id}
          side="pharmacist"
          headingRef={negotiationHeading}
          agreed={agreedOf(application)}
          actions={(history) =>
            waiting ? (
              <CounterAnswerActions applicationId={application.id} negotiation={history} headingRef={negotiationHeading} />
            ) : null
          }
        />
      ) : null}
      {waiting && !negotiationOf(application) && offer.pay_terms?.negotiation_max_hourly != null ? (
        <ProposeLater
          applicationId={application.id}
          title={offer.title}
          offered={
            applicationLegalForm(application) === 'libera_professione'
              ? (offer.pay_terms.fee_hourly ?? offer.hourly_pay)
              : offer.hourly_pay
          }
          terms={offer.pay_terms}
        />
      ) : null}
      {application.message ? (
        <figure className="mt-3 rounded-lg border-l-4 border-emerald-700 bg-emerald-50 px-3 py-2 text-sm">
          <figcaption className="font-medium text-emerald-900">
            {application.status === 'withdrawn' ? UI_TEXT.applicationWithdrawnNote : UI_TEXT.applicationOwnerMessage}
          </figcaption>
          <blockquote className="mt-0.5 whitespace-pre-line break-words text-slate-900">{application.message}</blockquote>
        </figure>
      ) : null}
      <dl className="mt-4 grid grid-cols-[max-content_minmax(0,1fr)] gap-x-4 gap-y-1.5 text-sm">
        {/* As the search rows show it: the hourly pay when the offer has one, then the owner's free-text note. */}
        {offer.hourly_pay !== null ? (
          <>
            <dt className="text-slate-600">{UI_TEXT.offerPayLabel}</dt>
            <dd className="text-slate-900">{UI_TEXT.offerHourlyPay(formatEuros(offer.hourly_pay))}</dd>
          </>
        ) : null}
        {offer.salary ? (
          <>
            <dt className="text-slate-600">
              {offer.hourly_pay !== null ? UI_TEXT.offerSalaryNoteLabel : UI_TEXT.offerSalaryLabel}
            </dt>
            <dd className="break-words text-slate-900">{offer.salary}</dd>
          </>
        ) : null}
        {period ? (
          <>
            <dt className="text-slate-600">{UI_TEXT.offerPeriodLabel}</dt>
            <dd className="text-slate-900">{period}</dd>
          </>
        ) : null}
        <dt className="text-slate-600">{UI_TEXT.applicationSubmittedLabel}</dt>
        <dd className="text-slate-900">
          <time dateTime={application.submitted_at}>{formatDateTime(application.submitted_at)}</time>
        </dd>
      </dl>
      <div className="mt-4 border-t border-slate-200 pt-3">
        <h3 className="text-xs font-semibold uppercase tracking-wide text-slate-600">{UI_TEXT.applicationHistory}</h3>
        <ol className="mt-2 flex flex-col gap-2 border-l-2 border-slate-200 pl-4 text-sm">
          {history.map((entry) => (
            <li key={`${entry.status}-${entry.at}`} className="relative">
              <span aria-hidden="true" className="absolute -left-[1.3rem] top-1.5 size-2 rounded-full bg-slate-400" />
              <span className="font-medium text-slate-900">
                {entry.status === 'sent' ? UI_TEXT.applicationHistorySent : UI_TEXT.applicationStatusNames[entry.status]}
              </span>
              {' · '}
              <time dateTime={entry.at} className="text-slate-600">
                {formatDateTime(entry.at)}
              </time>
              {/* A step of the pharmacy's staff names who made it (decision 089). */}
              {entry.by ? (
                <span className="text-slate-700"> · {ORGANISATION_TEXT.actedBy(offer.denominazione_farmacia, entry.by)}</span>
              ) : null}
              {entry.message && entry.message !== application.message ? (
                <p className="mt-0.5 whitespace-pre-line break-words text-slate-700">«{entry.message}»</p>
              ) : null}
            </li>
          ))}
        </ol>
      </div>
      {canWithdraw(application) ? (
        <div className="mt-auto pt-4">
          <Button
            variant="secondary"
            aria-haspopup="dialog"
            aria-describedby={titleId}
            className="w-full sm:w-auto"
            onClick={(event) => onWithdraw(application, event.currentTarget)}
          >
            {UI_TEXT.applicationWithdraw}
          </Button>
        </div>
      ) : null}
      <div className="flex flex-wrap items-center gap-2 pt-2">
        {messages}
        <ReportButton targetType="offer" targetId={offer.id} name={offer.title} />
      </div>
    </article>
  );
}
