/**
 * /cerca_farmacisti (docs/product.md#search-pharmacists, decision 070): a verified owner's search of the pharmacists
 * free for their pharmacy, filtered by dates, a comune ('Vicino a') with a radius and the pay offered, all kept in the
 * URL; the results as cards a page at a time, nearest first, and on a map at their comuni. An owner not verified yet
 * reads why the search waits. Each card's actions (an invitation) come from the app through `renderActions`.
 */
import type { TAvailablePharmacist } from '@farmaponte/shared/availability';
import { formatDate, todayInItaly } from '@farmaponte/shared/dates';
import { LIMITS } from '@farmaponte/shared/limits';
import { UI_TEXT } from '@farmaponte/shared/ui-text';
import { AVAILABILITY_TEXT } from '@farmaponte/shared/ui-text-availability';
import { type FormEvent, lazy, type ReactNode, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ComuneField } from '../../../components/places/place-fields';
import { Button } from '../../../components/ui/button';
import { SelectField, TextField } from '../../../components/ui/field';
import { PageLoadError, QueryLoadError } from '../../../components/ui/load-error';
import { Pager } from '../../../components/ui/pager';
import { PageSpinner, Spinner } from '../../../components/ui/spinner';
import { TextLink } from '../../../components/ui/text-link';
import { useUserDetails } from '../../../lib/api/get-user-details';
import { ApiError } from '../../../lib/api-client';
import { pageTitle } from '../../../lib/page-title';
import { PATHS } from '../../../lib/paths';
import { useAvailablePharmacists } from '../api/get-available-pharmacists';
import { AvailablePharmacistCard } from '../components/available-pharmacist-card';
import {
  pharmacistSearchQuery,
  RADII_KM,
  readPharmacistFilters,
  readPharmacistPage,
  type TPharmacistFilterName,
  type TPharmacistFilters,
} from '../lib/search-filters';

const AvailablePharmacistsMap = lazy(() => import('../components/available-pharmacists-map'));

const MAP_HEIGHT = 'h-64 lg:h-[28rem]';

export interface TSearchPharmacistsPageProps {
  /** What each card offers beside the pharmacist's data (the app plugs in 'Invita'). */
  renderActions?: (pharmacist: TAvailablePharmacist) => ReactNode;
}

export function SearchPharmacistsPage({ renderActions }: TSearchPharmacistsPageProps) {
  const details = useUserDetails();
  let content: ReactNode;
  if (details.data) {
    content = details.data.verification === 'verified' ? <Search renderActions={renderActions} /> : <NotVerified />;
  } else if (details.isError) {
    content = <PageLoadError query={details} className="mt-6" />;
  } else {
    content = <PageSpinner />;
  }
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:py-10">
      <title>{pageTitle(AVAILABILITY_TEXT.searchTitle)}</title>
      <TextLink to={PATHS.home} className="inline-flex min-h-11 items-center gap-1 text-base">
        <span aria-hidden="true">←</span> {UI_TEXT.backHome}
      </TextLink>
      <h1 className="mt-2 text-2xl font-bold text-slate-900 sm:text-3xl">{AVAILABILITY_TEXT.searchTitle}</h1>
      <p className="mt-2 text-base text-slate-700">{AVAILABILITY_TEXT.searchIntro}</p>
      {content}
    </div>
  );
}

function NotVerified() {
  return (
    <section
      aria-labelledby="not-verified-title"
      className="mt-6 rounded-2xl border border-amber-300 bg-amber-50 p-5 text-amber-950 sm:p-6"
    >
      <h2 id="not-verified-title" className="text-lg font-semibold">
        {AVAILABILITY_TEXT.notVerifiedTitle}
      </h2>
      <p className="mt-2 text-base">{AVAILABILITY_TEXT.notVerifiedText}</p>
    </section>
  );
}

function Search({ renderActions }: TSearchPharmacistsPageProps) {
  const [params, setParams] = useSearchParams();
  const filters = readPharmacistFilters(params);
  const page = readPharmacistPage(params);
  const query = useAvailablePharmacists(filters, page);
  const go = (next: TPharmacistFilters, nextPage = 1) => setParams(new URLSearchParams(pharmacistSearchQuery(next, nextPage)));
  const pages = Math.max(1, Math.ceil((query.data?.count ?? 0) / LIMITS.availablePharmacistsPageSize));

  let results: ReactNode;
  if (query.data) {
    const { data } = query;
    results = data.results.length ? (
      <>
        <p className="text-base text-slate-700" aria-live="polite">
          {AVAILABILITY_TEXT.resultsCount(data.count, formatDate(data.from), formatDate(data.to))}
        </p>
        <ul className="mt-4 grid grid-cols-1 gap-4 md:grid-cols-2">
          {data.results.map((pharmacist) => (
            <li key={pharmacist.pharmacist_id}>
              <AvailablePharmacistCard pharmacist={pharmacist} actions={renderActions?.(pharmacist)} />
            </li>
          ))}
        </ul>
        {pages > 1 ? <Pager page={page} pages={pages} loading={query.isFetching} onPage={(next) => go(filters, next)} /> : null}
      </>
    ) : (
      <div className="flex flex-col items-center gap-2 rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center">
        <p className="text-base font-medium text-slate-800">{AVAILABILITY_TEXT.searchEmptyTitle}</p>
        <p className="text-sm text-slate-700">{AVAILABILITY_TEXT.searchEmptyHint}</p>
      </div>
    );
  } else if (query.isError) {
    // The verification may have been withdrawn since the page loaded.
    results =
      query.error instanceof ApiError && query.error.code === 'owner_not_verified' ? (
        <NotVerified />
      ) : (
        <QueryLoadError query={query} fallback={AVAILABILITY_TEXT.searchLoadFailed} />
      );
  } else {
    results = <PageSpinner />;
  }

  return (
    <>
      {/* A new form for each search in the URL (back, a link): it starts from the search on screen. */}
      <Filters key={pharmacistSearchQuery(filters)} filters={filters} onApply={(next) => go(next)} />
      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
        <section aria-labelledby="results-title" className="min-w-0 lg:order-1">
          <h2 id="results-title" className="sr-only">
            {AVAILABILITY_TEXT.resultsTitle}
          </h2>
          {results}
        </section>
        {query.data?.results.length ? (
          <section aria-labelledby="map-title" className="lg:order-2">
            <h2 id="map-title" className="text-lg font-semibold text-slate-900">
              {AVAILABILITY_TEXT.mapTitle}
            </h2>
            <p className="mt-1 text-sm text-slate-700">{AVAILABILITY_TEXT.mapNote}</p>
            <div className="mt-3 lg:sticky lg:top-4">
              <Suspense
                fallback={
                  <div className={`${MAP_HEIGHT} flex items-center justify-center rounded-xl bg-slate-100`}>
                    <Spinner />
                  </div>
                }
              >
                <AvailablePharmacistsMap pharmacists={query.data.results} className={MAP_HEIGHT} />
              </Suspense>
            </div>
          </section>
        ) : null}
      </div>
    </>
  );
}

function Filters({ filters, onApply }: { filters: TPharmacistFilters; onApply: (filters: TPharmacistFilters) => void }) {
  const [draft, setDraft] = useState<TPharmacistFilters>(filters);
  const set = (name: TPharmacistFilterName) => (value: string) => setDraft((current) => ({ ...current, [name]: value }));
  const today = todayInItaly();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply({ ...draft, min_pay: draft.min_pay?.trim().replace(',', '.') });
  };
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={AVAILABILITY_TEXT.filtersTitle}
      className="mt-6 grid grid-cols-2 gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5 lg:grid-cols-12"
    >
      <TextField
        type="date"
        label={AVAILABILITY_TEXT.fromLabel}
        name="from"
        min={today}
        value={draft.from ?? ''}
        onChange={(event) => set('from')(event.target.value)}
        className="lg:col-span-2"
      />
      <TextField
        type="date"
        label={AVAILABILITY_TEXT.toLabel}
        name="to"
        min={draft.from || today}
        value={draft.to ?? ''}
        onChange={(event) => set('to')(event.target.value)}
        className="lg:col-span-2"
      />
      <div className="col-span-2 lg:col-span-3">
        <ComuneField
          label={AVAILABILITY_TEXT.nearLabel}
          hint={AVAILABILITY_TEXT.nearHint}
          name="near"
          openOnFocus={false}
          value={draft.near ?? ''}
          onChange={set('near')}
        />
      </div>
      <SelectField
        className="col-span-2 lg:col-span-2"
        label={AVAILABILITY_TEXT.radiusFilterLabel}
        name="radius_km"
        value={draft.radius_km ?? ''}
        onChange={(event) => set('radius_km')(event.target.value)}
      >
        <option value="">{AVAILABILITY_TEXT.radiusAny}</option>
        {RADII_KM.map((km) => (
          <option key={km} value={km}>
            {AVAILABILITY_TEXT.radiusOption(km)}
          </option>
        ))}
      </SelectField>
      <TextField
        className="col-span-2 lg:col-span-3"
        inputMode="decimal"
        label={AVAILABILITY_TEXT.payLabel}
        hint={AVAILABILITY_TEXT.payHint}
        name="min_pay"
        value={draft.min_pay ?? ''}
        onChange={(event) => set('min_pay')(event.target.value)}
      />
      <div className="col-span-2 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end lg:col-span-12">
        <Button type="button" variant="secondary" onClick={() => onApply({})}>
          {AVAILABILITY_TEXT.clear}
        </Button>
        <Button type="submit">{AVAILABILITY_TEXT.apply}</Button>
      </div>
    </form>
  );
}
