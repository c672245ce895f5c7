/**
 * /profile's 'Chi ha visto il tuo CV' for a pharmacist (decision 067): each opening of their CV by an owner (who, which
 * pharmacy, through which offer) or by the staff, newest first, with 'Mostra altri' for older ones.
 */
import type { TCvView } from '@farmaponte/shared';
import { PRIVACY_TEXT } from '@farmaponte/shared/ui-text-privacy';
import { type ReactNode, useRef } from 'react';
import { Button } from '../../../components/ui/button';
import { QueryLoadError } from '../../../components/ui/load-error';
import { Spinner } from '../../../components/ui/spinner';
import { formatDateTime } from '../../../lib/dates';
import { useCvViews } from '../api/get-cv-views';

export function CvViewsSection() {
  const views = useCvViews();
  const listRef = useRef<HTMLUListElement>(null);
  const items = views.data?.pages.flatMap((page) => page.results) ?? [];
  const total = views.data?.pages[0]?.count ?? 0;

  const showMore = async () => {
    const shown = items.length;
    await views.fetchNextPage();
    // The first of the new rows takes the focus, so a keyboard or screen-reader user goes on reading from there.
    listRef.current?.querySelectorAll<HTMLElement>('li')[shown]?.focus();
  };

  let body: ReactNode;
  if (views.data && items.length === 0) body = <p className="mt-4 text-sm text-slate-700">{PRIVACY_TEXT.cvViewsEmpty}</p>;
  else if (views.data)
    body = (
      <>
        <ul ref={listRef} className="mt-4 divide-y divide-slate-200 border-y border-slate-200">
          {items.map((view) => (
            <CvViewRow key={view.id} view={view} />
          ))}
        </ul>
        <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-slate-600" aria-live="polite">
            {PRIVACY_TEXT.cvViewsCount(items.length, total)}
          </p>
          {views.hasNextPage ? (
            <Button variant="secondary" loading={views.isFetchingNextPage} onClick={showMore} className="w-full sm:w-auto">
              {views.isFetchingNextPage ? PRIVACY_TEXT.cvViewsLoadingMore : PRIVACY_TEXT.cvViewsMore}
            </Button>
          ) : null}
        </div>
        {views.isFetchNextPageError ? (
          <QueryLoadError query={views} message={PRIVACY_TEXT.cvViewsLoadFailed} className="mt-3" />
        ) : null}
      </>
    );
  else if (views.isError) body = <QueryLoadError query={views} message={PRIVACY_TEXT.cvViewsLoadFailed} className="mt-4" />;
  else body = <Spinner className="mt-4" />;

  return (
    <section
      aria-labelledby="cv-views-title"
      className="mt-8 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8"
      data-testid="cv-views"
    >
      <h2 id="cv-views-title" className="text-lg font-semibold text-slate-900">
        {PRIVACY_TEXT.cvViewsTitle}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{PRIVACY_TEXT.cvViewsIntro}</p>
      {body}
    </section>
  );
}

function CvViewRow({ view }: { view: TCvView }) {
  return (
    <li tabIndex={-1} className="py-3 outline-none focus-visible:ring-2 focus-visible:ring-emerald-600">
      <p className="break-words font-medium text-slate-900">
        {view.viewer_role === 'admin' ? PRIVACY_TEXT.cvViewsStaff : view.viewer_name}
      </p>
      <dl className="mt-1 grid grid-cols-[max-content_minmax(0,1fr)] gap-x-3 gap-y-0.5 text-sm">
        {view.pharmacy_name ? (
          <>
            <dt className="text-slate-600">{PRIVACY_TEXT.cvViewsPharmacy}</dt>
            <dd className="break-words text-slate-900">{view.pharmacy_name}</dd>
          </>
        ) : null}
        {view.offer_title ? (
          <>
            <dt className="text-slate-600">{PRIVACY_TEXT.cvViewsOffer}</dt>
            <dd className="break-words text-slate-900">{view.offer_title}</dd>
          </>
        ) : null}
        <dt className="text-slate-600">{PRIVACY_TEXT.cvViewsWhen}</dt>
        <dd className="text-slate-900">
          <time dateTime={view.at}>{formatDateTime(view.at)}</time>
        </dd>
      </dl>
    </li>
  );
}
