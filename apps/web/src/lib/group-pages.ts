/**
 * The pages that work with the whole group chosen in the header's 'Farmacia' (decision 089): the rest work for one
 * pharmacy at a time and ask to choose one first (app/one-pharmacy-gate.tsx). Read only while the whole group is
 * chosen: not in the first page's code.
 */
const GROUP_PAGES: readonly string[] = [
  '/',
  '/profile',
  '/mie_offerte',
  '/candidature',
  '/organizzazione',
  '/organizzazione/staff',
];

/** Whether a page works with the whole group chosen, with or without its final slash. */
export function showsWholeGroup(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  // A pharmacy's settings name it in their address.
  return GROUP_PAGES.includes(path) || path.startsWith('/organizzazione/farmacie/');
}
