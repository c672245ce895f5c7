/**
 * The look of /cerca_offerte's rows and boxes: the class names and drawings the React page (offer-search-list.tsx,
 * search-offers-page.tsx and its header, map and list panels) and the first screen drawn before the app has loaded
 * (first-screen-markup.ts, decision 057) both use, so the two look the same and the app's page replaces that screen
 * without a jump.
 */
import { cn } from '../../../lib/cn';

/** The page's grid: the filters' card, the map beside (or above, on a phone) the list. */
export const SEARCH_PAGE_CLASSES = {
  grid: 'mx-auto grid w-full max-w-5xl flex-1 grid-cols-1 gap-4 px-4 py-4 lg:h-[calc(100dvh-70px)] lg:min-h-[36rem] lg:flex-none lg:grid-cols-[minmax(22rem,2fr)_minmax(0,3fr)] lg:grid-rows-[auto_minmax(0,1fr)] lg:gap-x-6 lg:gap-y-0 lg:py-6',
  card: 'rounded-2xl border border-slate-200 bg-white p-4 shadow-sm lg:col-start-1 lg:row-start-1 lg:rounded-b-none lg:border-b-0 lg:shadow-none sm:p-5',
  title: 'text-xl font-bold text-slate-900 sm:text-2xl',
  status: 'mt-2 min-h-5 text-sm text-slate-600',
  mapBox:
    'relative h-[45vh] min-h-72 scroll-mt-20 overflow-hidden rounded-2xl border border-slate-200 bg-slate-100 shadow-sm lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:h-auto',
  mapSpinner: 'flex h-full items-center justify-center',
  listBox:
    'flex scroll-mt-20 flex-col rounded-2xl border border-slate-200 bg-white shadow-sm lg:col-start-1 lg:row-start-2 lg:min-h-0 lg:overflow-hidden lg:rounded-t-none lg:border-t-slate-200',
  scroller: 'lg:min-h-0 lg:flex-1 lg:overflow-y-auto lg:overscroll-contain',
} as const;

/** One row of the list, collapsed or expanded. */
export const OFFER_ROW_CLASSES = {
  list: (stale: boolean) => cn('transition-opacity', stale && 'opacity-60'),
  box: (expanded: boolean) => cn('border-b border-slate-200', expanded && 'bg-emerald-50/70'),
  button: (expanded: boolean) =>
    cn(
      'flex min-h-14 w-full items-center gap-3 px-4 py-3 text-left transition-colors',
      'focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-emerald-700',
      expanded ? 'hover:bg-emerald-50' : 'hover:bg-slate-50',
    ),
  pin: (onMap: boolean, expanded: boolean) =>
    cn('h-6 w-4 shrink-0', !onMap ? 'fill-slate-300' : expanded ? 'fill-red-600' : 'fill-blue-600'),
  text: 'min-w-0 flex-1',
  title: 'block break-words font-semibold text-slate-900',
  /** The pharmacy's rating (decision 074), under its name. */
  rating: 'block text-sm text-slate-700',
  pharmacy: 'block break-words text-sm text-slate-700',
  facts: 'mt-0.5 flex flex-wrap gap-x-3 text-sm text-slate-600',
  pay: 'font-medium text-emerald-800',
  /** The shift's total pay, about (decision 094). */
  total: 'text-slate-800',
  chevron: (expanded: boolean) => cn('size-5 shrink-0 text-slate-500 transition-transform', expanded && 'rotate-180'),
  badge: 'mt-1',
  /** An urgent shift's pill (decision 096), above its title. */
  urgent: 'mb-1',
  /** The legal forms' pills under the facts (decision 093). */
  legalForms: 'mt-1',
} as const;

/** The row's pin (the map's marker) and its chevron, as SVG paths. */
export const OFFER_ROW_DRAWINGS = {
  pin: 'M12.5 1C6.2 1 1 6.1 1 12.4c0 2.2.6 4.2 1.7 6L12.5 40l9.8-21.6c1.1-1.8 1.7-3.8 1.7-6C24 6.1 18.8 1 12.5 1z',
  chevron: 'm6 9 6 6 6-6',
} as const;
