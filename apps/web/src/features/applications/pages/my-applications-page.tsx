/** /mie_candidature: the pharmacist's sent applications, newest first, with the offer each went to. */
import type { TSentApplication } from '@farmaponte/shared';
import { UI_TEXT } from '@farmaponte/shared/ui-text';
import { useId } from 'react';
import { ButtonLink } from '../../../components/ui/button';
import { QueryLoadError } from '../../../components/ui/load-error';
import { PageSpinner } from '../../../components/ui/spinner';
import { TextLink } from '../../../components/ui/text-link';
import { formatDateTime } from '../../../lib/dates';
import { offerPeriod } from '../../../lib/offer-period';
import { pageTitle } from '../../../lib/page-title';
import { PATHS } from '../../../lib/paths';
import { useMyApplications } from '../api/get-my-applications';

export function MyApplicationsPage() {
  const applications = useMyApplications();
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-6 sm:py-10">
      <title>{pageTitle(UI_TEXT.myApplications)}</title>
      <TextLink to={PATHS.home} className="inline-flex min-h-11 items-center gap-1 text-base">
        <span aria-hidden="true">←</span> {UI_TEXT.backHome}
      </TextLink>
      <h1 className="mt-2 text-2xl font-bold text-slate-900 sm:text-3xl">{UI_TEXT.myApplications}</h1>
      <p className="mt-2 text-base text-slate-700">{UI_TEXT.myApplicationsIntro}</p>
      {applications.data ? (
        applications.data.length ? (
          <ul className="mt-6 grid grid-cols-1 gap-4 md:grid-cols-2 md:gap-6">
            {applications.data.map((application) => (
              <li key={application.id}>
                <SentApplicationCard application={application} />
              </li>
            ))}
          </ul>
        ) : (
          <div className="mt-6 flex flex-col items-center gap-4 rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center">
            <p className="text-base text-slate-700">{UI_TEXT.myApplicationsEmpty}</p>
            <ButtonLink to={PATHS.searchOffers}>{UI_TEXT.searchOffers}</ButtonLink>
          </div>
        )
      ) : applications.isError ? (
        <QueryLoadError query={applications} className="mt-6 text-base" />
      ) : (
        <PageSpinner />
      )}
    </div>
  );
}

function SentApplicationCard({ application }: { application: TSentApplication }) {
  const titleId = useId();
  const { offer } = application;
  const period = offerPeriod(offer.date_from, offer.date_to);
  return (
    <article
      aria-labelledby={titleId}
      className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <h2 id={titleId} className="break-words text-lg font-semibold text-slate-900">
          {offer.title}
        </h2>
        {offer.is_open ? null : (
          <span className="rounded-full border border-slate-300 bg-slate-100 px-2.5 py-0.5 text-xs font-semibold uppercase tracking-wide text-slate-700">
            {UI_TEXT.offerClosedBadge}
          </span>
        )}
      </div>
      <p className="text-sm font-medium text-emerald-800">
        {offer.denominazione_farmacia} · {offer.comune_farmacia}
      </p>
      <p className="mt-3 whitespace-pre-line break-words text-sm text-slate-700">{offer.description}</p>
      <dl className="mt-4 grid grid-cols-[max-content_minmax(0,1fr)] gap-x-4 gap-y-1.5 text-sm">
        {offer.salary ? (
          <>
            <dt className="text-slate-600">{UI_TEXT.offerSalaryLabel}</dt>
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
    </article>
  );
}
