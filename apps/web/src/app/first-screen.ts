/**
 * /cerca_offerte's first screen, drawn by the page's first script (early-requests.ts) as soon as the list's first
 * answer has come, before the app's code has (decision 057): the frame's header and the search page's card, map box
 * and rows (features/offers/lib/first-screen-markup.ts). The app leaves it once its own page shows the same list
 * (lib/first-screen.ts). Nothing here may throw: without it the app shows the page itself, as before.
 */
import type { TOfferSearchPage, TUserDetails } from '@farmaponte/shared';
import { FIRST_SCREEN_TEXT as TEXT } from '@farmaponte/shared/ui-text-first-screen';
import { BRAND_MARK_DRAWING as BRAND } from '../components/ui/brand-mark-drawing';
import { escapeHtml, searchFirstScreenHtml } from '../features/offers/lib/first-screen-markup';
import { showFirstScreen } from '../lib/first-screen';
import { PATHS } from '../lib/paths';
import { FRAME_CLASSES as FRAME } from './frame-look';

/**
 * The frame around a page's first screen: the header's brand (its other buttons come with the app) and the main area;
 * for a logged-in reader, the room of the header's row of places (decision 096), so the list does not move down when
 * the app comes.
 */
export function frameHtml(main: string, withPlaces = false): string {
  const mark =
    `<svg aria-hidden="true" viewBox="0 0 32 32" class="${FRAME.brandMark}">` +
    `<rect width="${BRAND.rect.width}" height="${BRAND.rect.height}" rx="${BRAND.rect.rx}" fill="${BRAND.rect.fill}"></rect>` +
    `<path fill="#fff" d="${BRAND.cross}"></path></svg>`;
  return (
    `<div class="${FRAME.page}"><header class="${FRAME.header}"><div class="${FRAME.bar}">` +
    `<a href="${PATHS.home}" class="${FRAME.brand}">${mark}${escapeHtml(TEXT.brand)}</a>` +
    // Where the menu's button will be on a phone, so the bar keeps its height.
    '<span aria-hidden="true" class="size-11 sm:hidden"></span></div>' +
    (withPlaces ? `<div class="${FRAME.placesRow}"></div>` : '') +
    '</header>' +
    `<main class="${FRAME.main}">${main}</main></div>`
  );
}

/** A JSON answer's body, read from a copy (the app reads the answer itself), or null when it failed. */
const readCopy = (response: Promise<Response> | undefined): Promise<unknown> =>
  response ? response.then((answer) => (answer.ok ? answer.clone().json() : null)).catch(() => null) : Promise.resolve(null);

const isSearchPage = (value: unknown): value is TOfferSearchPage =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as TOfferSearchPage).count === 'number' &&
  Array.isArray((value as TOfferSearchPage).results);

/** Draws the first screen once the list's page (and the user, for their role) have answered; a list that failed, or an empty one, draws nothing. */
export async function drawSearchFirstScreen(
  list: Promise<Response> | undefined,
  user: Promise<Response> | undefined,
  page: number,
): Promise<void> {
  try {
    const [answer, details] = await Promise.all([readCopy(list), readCopy(user)]);
    if (!isSearchPage(answer) || answer.results.length === 0) return;
    const role = (details as TUserDetails | null)?.role;
    const html = frameHtml(searchFirstScreenHtml(answer, page, role === 'farmacista'), role !== undefined);
    if (document.readyState === 'loading') {
      document.addEventListener('DOMContentLoaded', () => showFirstScreen(html), { once: true });
    } else showFirstScreen(html);
  } catch {
    // The app shows the page itself.
  }
}
