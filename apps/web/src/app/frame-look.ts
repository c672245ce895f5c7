/**
 * The frame's look (layout.tsx, header.tsx), apart from React: /cerca_offerte's first screen (first-screen.ts, decision
 * 057) is drawn in the same frame before the app has loaded.
 */
export const FRAME_CLASSES = {
  page: 'flex min-h-dvh flex-col bg-slate-50 text-slate-900',
  main: 'flex flex-1 flex-col focus:outline-none',
  header: 'sticky top-0 z-20 border-b border-slate-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85',
  bar: 'mx-auto flex max-w-5xl flex-wrap items-center gap-x-2 px-4 py-2 sm:gap-x-4 sm:py-3',
  brand:
    'mr-auto flex min-h-11 items-center gap-2 rounded-lg text-xl font-bold text-emerald-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700',
  brandMark: 'size-8',
  /** The header's second row on a desktop: the role's main places (decision 096); on a phone they are in the bottom bar. */
  placesRow: 'mx-auto hidden min-h-11 max-w-5xl px-1 sm:block',
} as const;
