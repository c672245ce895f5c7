import { useCallback, useEffect, useState } from 'react';

/**
 * The page of a list paged by the server under some filters (`filterKey` names them): another filter starts again from
 * page 1, and once the answer for this page is in (`count` of all rows, not a placeholder) a page past the end (rows
 * deleted or decided meanwhile) moves to the last one.
 */
export function useFilteredPages(filterKey: string) {
  const [paging, setPaging] = useState({ filterKey, page: 1 });
  const page = paging.filterKey === filterKey ? paging.page : 1;
  const setPage = useCallback((next: number) => setPaging({ filterKey, page: next }), [filterKey]);
  return { page, setPage };
}

/** How many pages `count` rows make, moving `page` back to the last one when the answer shows it is past the end. */
export function usePageCount(
  page: number,
  setPage: (page: number) => void,
  answer: { count: number; settled: boolean } | undefined,
  pageSize: number,
) {
  const pages = Math.max(1, Math.ceil((answer?.count ?? 0) / pageSize));
  const pastTheEnd = answer?.settled === true && page > pages;
  useEffect(() => {
    if (pastTheEnd) setPage(pages);
  }, [pastTheEnd, pages, setPage]);
  return pages;
}
