/**
 * The frame of an admin list page (/utenti, /verifiche, /segnalazioni, /registro-attivita): the way home, the title and
 * what the page is for, the filters, a live line with how many there are, the list (or its error, its spinner, or
 * why it is empty) and 'Precedente' · 'Pagina X di Y' · 'Successiva' under it. Its filters and page come from
 * `useListFilters` (`lib/use-list-filters.ts`); what each row looks like is the page's.
 */
import { UI_TEXT } from '@farmaponte/shared/ui-text';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { cn } from '../lib/cn';
import { pageTitle } from '../lib/page-title';
import { PATHS } from '../lib/paths';
import { usePageCount } from '../lib/use-list-filters';
import { QueryLoadError } from './ui/load-error';
import { Pager } from './ui/pager';
import { Spinner, SpinnerIcon } from './ui/spinner';
import { TextLink } from './ui/text-link';

/** One page of a list as the API answers it: the rows, and how many there are under the filters. */
interface TListAnswer {
  count: number;
  results: readonly unknown[];
}

export function AdminListPage<TAnswer extends TListAnswer>({
  title,
  intro,
  wide = false,
  filters,
  list,
  query,
  pageSize,
  status,
  busy = query.isFetching,
  loadingLabel,
  empty,
  alwaysShowPager = false,
  renderResults,
  dialogs,
}: {
  /** The page's heading and its document title. */
  title: string;
  intro: string;
  /** Room for a table of many columns. */
  wide?: boolean;
  /** The filters' box (`ListFilterBox`) or the page's own choice of view. */
  filters: ReactNode;
  list: { page: number; setPage: (page: number, options?: { replace?: boolean }) => void };
  query: UseQueryResult<TAnswer>;
  pageSize: number;
  /** The line that says how many there are (read out when it changes). */
  status: (answer: TAnswer) => string;
  /** A newer answer is on its way (by default, while the query fetches): the list stays, a small spinner says so. */
  busy?: boolean;
  loadingLabel?: string;
  /** What an empty page says. */
  empty: string;
  /** The pager even when there is one page ('Pagina 1 di 1'), as /utenti has always shown it. */
  alwaysShowPager?: boolean;
  renderResults: (results: TAnswer['results'], busy: boolean) => ReactNode;
  /** The page's dialogs, after the list. */
  dialogs?: ReactNode;
}) {
  const answer = query.data;
  // The previous page's answer stays on screen while the next one loads (placeholder data): not yet settled.
  const pages = usePageCount(list, answer && { count: answer.count, settled: !query.isPlaceholderData }, pageSize);
  return (
    <div className={cn('mx-auto w-full px-4 py-6 sm:py-10', wide ? 'max-w-6xl' : 'max-w-5xl')}>
      <title>{pageTitle(title)}</title>
      <TextLink to={PATHS.home} className="inline-flex min-h-11 items-center gap-1 text-base">
        <span aria-hidden="true">←</span> {UI_TEXT.backHome}
      </TextLink>
      <h1 className="mt-2 text-2xl font-bold text-slate-900 sm:text-3xl">{title}</h1>
      <p className={cn('mt-2 text-base text-slate-700', wide && 'max-w-3xl')}>{intro}</p>

      <div className="mt-6">{filters}</div>

      <div className="mt-6 flex min-h-6 flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-700">
        <p role="status" className="font-medium">
          {answer ? status(answer) : ''}
        </p>
        {busy && answer ? <SpinnerIcon className="text-emerald-700" /> : null}
      </div>

      <div className="mt-3">
        {query.isError && !answer ? (
          <QueryLoadError query={query} />
        ) : !answer ? (
          <div className="flex justify-center py-12">
            <Spinner size="lg" label={loadingLabel} />
          </div>
        ) : answer.results.length === 0 ? (
          <p className="rounded-2xl border border-slate-200 bg-white px-4 py-10 text-center text-base text-slate-700 shadow-sm">
            {empty}
          </p>
        ) : (
          renderResults(answer.results, busy)
        )}
      </div>

      {answer && (alwaysShowPager || pages > 1) ? (
        <Pager page={list.page} pages={pages} loading={query.isPlaceholderData} onPage={list.setPage} />
      ) : null}

      {dialogs}
    </div>
  );
}

/** The filters' box of an admin list: a search landmark, in a card. */
export function ListFilterBox({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <search className={cn('rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6', className)}>{children}</search>
  );
}
