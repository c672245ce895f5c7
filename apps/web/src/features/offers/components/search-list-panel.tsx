/**
 * The list's box on /cerca_offerte: the place chosen on the map with 'Tutte le offerte', the rows (or why there are
 * none, or a spinner) and, under one page of the search, the pager.
 */
import type { TApplicationStatus, TOfferSearchResult } from '@farmaponte/shared';
import { UI_TEXT } from '@farmaponte/shared/ui-text';
import { SEARCH_TEXT } from '@farmaponte/shared/ui-text-search';
import { Button } from '../../../components/ui/button';
import { QueryLoadError } from '../../../components/ui/load-error';
import { PageSpinner } from '../../../components/ui/spinner';
import { SEARCH_PAGE_CLASSES } from '../lib/offer-row-look';
import { countSearchFilters, type TSearchFilters } from '../lib/search-filters';
import type { TSearchList } from '../lib/use-search-list';
import { OfferSearchList } from './offer-search-list';

export function SearchListPanel({
  results,
  filters,
  page,
  stale,
  canApply,
  onApply,
  applyingId,
  statusOf,
  onShowOnMap,
}: {
  results: TSearchList;
  filters: TSearchFilters;
  page: number;
  /** A new page or search is on its way (or being typed): the rows dim. */
  stale: boolean;
  canApply: boolean;
  onApply: (offer: TOfferSearchResult) => void;
  applyingId: number | null;
  statusOf: (offer: TOfferSearchResult) => TApplicationStatus | null;
  onShowOnMap: () => void;
}) {
  const { place, rows, rowsQuery, pages } = results;
  return (
    <div ref={results.listBox} className={SEARCH_PAGE_CLASSES.listBox}>
      {place ? (
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b border-slate-200 bg-slate-50 px-4 py-2">
          <Button type="button" variant="ghost" onClick={results.backToList} className="min-h-11 -ml-2 px-2">
            <span aria-hidden="true">←</span> {SEARCH_TEXT.placeOffersBack}
          </Button>
          <p className="min-w-0 text-sm text-slate-700">
            <strong className="font-semibold text-slate-900">{place.label}</strong> · {UI_TEXT.offersAtPharmacy(place.count)}
            {place.count > place.ids.length ? `, ${SEARCH_TEXT.placeOffersFirst(place.ids.length)}` : null}
          </p>
        </div>
      ) : null}
      <div ref={results.scroller} className={SEARCH_PAGE_CLASSES.scroller}>
        {rows ? (
          rows.length ? (
            <OfferSearchList
              offers={rows}
              expandedId={results.expandedId}
              onToggle={results.toggle}
              canApply={canApply}
              onApply={onApply}
              applyingId={applyingId}
              statusOf={statusOf}
              stale={stale && !place}
              onShowOnMap={onShowOnMap}
            />
          ) : (
            <p className="px-6 py-10 text-center text-base text-slate-700">
              {place
                ? UI_TEXT.offersEmpty
                : filters.comune
                  ? UI_TEXT.offersNoneForComune
                  : countSearchFilters(filters)
                    ? SEARCH_TEXT.searchNoResults
                    : UI_TEXT.offersEmpty}
            </p>
          )
        ) : rowsQuery.isError ? (
          <QueryLoadError query={rowsQuery} className="m-6 text-base" />
        ) : (
          <PageSpinner />
        )}
      </div>
      {!place && results.list.data && pages > 1 ? <SearchPager page={page} pages={pages} onPage={results.goToPage} /> : null}
    </div>
  );
}

/** The search's pager: arrows alone where the column is narrow (a phone, beside the map); the name always says which page. */
function SearchPager({ page, pages, onPage }: { page: number; pages: number; onPage: (page: number) => void }) {
  return (
    <nav aria-label={UI_TEXT.pagination} className="flex items-center justify-between gap-2 border-t border-slate-200 px-3 py-2">
      <Button
        variant="secondary"
        aria-label={UI_TEXT.previousPageLabel}
        title={UI_TEXT.previousPageLabel}
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
        className="min-w-11 px-3"
      >
        <span aria-hidden="true">←</span>
        <span className="hidden sm:inline lg:hidden">{UI_TEXT.previousPage}</span>
      </Button>
      <p className="whitespace-nowrap text-center text-sm font-medium text-slate-800">{UI_TEXT.pageOf(page, pages)}</p>
      <Button
        variant="secondary"
        aria-label={UI_TEXT.nextPageLabel}
        title={UI_TEXT.nextPageLabel}
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
        className="min-w-11 px-3"
      >
        <span className="hidden sm:inline lg:hidden">{UI_TEXT.nextPage}</span>
        <span aria-hidden="true">→</span>
      </Button>
    </nav>
  );
}
