/**
 * /cerca_offerte (docs/product.md#search-offers): 'Farmacie che Cercano Personale' with a comune filter and the open
 * offers as collapsible rows, beside a map of them. Nothing here grows with the number of offers in Italy (decision
 * 037): the list is one page of the server's search (20 rows, a pager below), the comune box is the search's `comune`
 * filter (sent once typing pauses, and kept in the URL with the others), and the map shows the server's clusters for
 * the area on screen.
 *
 * Its parts: the search in the address (`lib/use-search-address.ts`), the list with its paging and the place chosen on
 * the map (`lib/use-search-list.ts`, `components/search-list-panel.tsx`), the map (`lib/use-search-map.ts`,
 * `components/search-map-panel.tsx`), 'Manda CV' (`lib/use-send-cv.ts`) and the card at the top with the filters, the
 * sort and the saved searches (`components/search-offers-header.tsx`).
 */
import { MESSAGES } from '@farmaponte/shared/messages';
import { UI_TEXT } from '@farmaponte/shared/ui-text';
import { EXTERNAL_CALENDAR_TEXT } from '@farmaponte/shared/ui-text-external-calendar';
import { SEARCH_TEXT } from '@farmaponte/shared/ui-text-search';
import { Suspense, useLayoutEffect } from 'react';
import { EmailConfirmationNotice } from '../../../components/email-confirmation/email-confirmation-notice';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { OverlaySpinner } from '../../../components/ui/spinner';
import { leaveFirstScreen } from '../../../lib/first-screen';
import { pageTitle } from '../../../lib/page-title';
import { ApplyDialog } from '../components/apply-dialog';
import { SearchListPanel } from '../components/search-list-panel';
import { preloadOffersMap, SearchMapPanel } from '../components/search-map-panel';
import { SearchOffersHeader } from '../components/search-offers-header';
import { SEARCH_PAGE_CLASSES } from '../lib/offer-row-look';
import { useSearchAddress } from '../lib/use-search-address';
import { useSearchList } from '../lib/use-search-list';
import { useSearchMap } from '../lib/use-search-map';
import { type TCvDialog, useSendCv } from '../lib/use-send-cv';

export function SearchOffersPage({ cvDialog: CvDialog }: { cvDialog: TCvDialog }) {
  const address = useSearchAddress();
  const results = useSearchList(address);
  const map = useSearchMap(address);
  const cv = useSendCv({ cvDialog: CvDialog, mapWanted: results.mapWanted, preloadMap: preloadOffersMap });
  const { list, count, pages } = results;
  const { page } = address;

  const updating = address.comune.typing || list.isPlaceholderData;
  // The first screen drawn before the app (decision 057) goes in the frame this page shows the list (or why there is
  // none) in its place: the same rows, so nothing moves.
  const listShown = results.rows !== undefined || results.rowsQuery.isError;
  useLayoutEffect(() => {
    if (listShown) leaveFirstScreen();
  }, [listShown]);

  return (
    <div className={SEARCH_PAGE_CLASSES.grid}>
      <title>{pageTitle(UI_TEXT.searchOffersTitle)}</title>

      <SearchOffersHeader
        address={address}
        canApply={cv.canApply}
        status={
          <>
            {updating
              ? SEARCH_TEXT.searchUpdating
              : list.data
                ? pages > 1
                  ? `${UI_TEXT.offersFound(count)} · ${UI_TEXT.searchPageStatus(page, pages)}`
                  : UI_TEXT.offersFound(count)
                : null}
            {list.data && map.withoutPosition > 0 ? <> · {UI_TEXT.offersWithoutPosition(map.withoutPosition)}</> : null}
          </>
        }
      >
        {cv.confirmFirst && cv.details.data ? (
          <div ref={cv.confirmNotice} className="scroll-mt-20">
            <EmailConfirmationNotice email={cv.details.data.username} because={cv.confirmFirst} className="mt-3" />
          </div>
        ) : null}
      </SearchOffersHeader>

      <SearchMapPanel
        map={map}
        search={address.search}
        wanted={results.mapWanted}
        selected={results.selected}
        onPlace={results.onPlace}
        onShowInList={results.showInList}
      />

      <SearchListPanel
        results={results}
        filters={address.filters}
        page={page}
        stale={updating}
        canApply={cv.canApply}
        onApply={cv.sendCv}
        applyingId={cv.applyingId}
        statusOf={cv.statusOf}
        onShowOnMap={map.showOnMap}
      />

      <ConfirmDialog
        open={cv.calendarConflict.days !== null}
        onOpenChange={(open) => (open ? undefined : cv.calendarConflict.close())}
        title={EXTERNAL_CALENDAR_TEXT.conflictTitle}
        description={EXTERNAL_CALENDAR_TEXT.conflictDays(cv.calendarConflict.days ?? [])}
        confirmLabel={EXTERNAL_CALENDAR_TEXT.conflictApply}
        cancelLabel={EXTERNAL_CALENDAR_TEXT.conflictCancel}
        onConfirm={cv.calendarConflict.applyAnyway}
        returnFocusRef={cv.calendarConflict.returnFocusRef}
      />

      {cv.applyDialog.offer ? (
        <Suspense fallback={<OverlaySpinner />}>
          <ApplyDialog {...cv.applyDialog} onOpenChange={cv.applyDialog.setOpen} />
        </Suspense>
      ) : null}

      {cv.cvDialog.used ? (
        <Suspense fallback={<OverlaySpinner />}>
          <CvDialog
            open={cv.cvDialog.open}
            onOpenChange={cv.cvDialog.setOpen}
            returnFocusRef={cv.cvDialog.returnFocusRef}
            notice={MESSAGES.cvNeededToApply}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
