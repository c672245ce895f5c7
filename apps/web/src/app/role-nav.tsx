/**
 * Each role's main places (decision 096, docs/product.md#frame): in the header on a desktop, in a bar fixed to the
 * bottom on a phone; the current one marked, and what waits counted on it. 'Altro' holds the other pages one step
 * away. Loaded after login only, like the owner's items: the first page's code does not carry it.
 */
import type { TRole, TUserCounts } from '@farmaponte/shared';
import { UI_TEXT } from '@farmaponte/shared/ui-text';
import { ENGAGEMENT_LINK_TEXT } from '@farmaponte/shared/ui-text-engagement-link';
import { FRAME_TEXT } from '@farmaponte/shared/ui-text-frame';
import { INVOICE_LINK_TEXT } from '@farmaponte/shared/ui-text-invoice-links';
import { REVIEWS_TEXT } from '@farmaponte/shared/ui-text-reviews';
import { SHIFTS_LINK_TEXT } from '@farmaponte/shared/ui-text-shift-links';
import { useEffect, useId, useRef, useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import { useUserCounts } from '../lib/api/get-user-counts';
import { cn } from '../lib/cn';
import { PATHS } from '../lib/paths';
import { navLinkClasses } from './nav-link-look';

/** The icons' drawings (24 × 24, stroked): one per place, so a place is found by its shape as well as by its name. */
const ICONS = {
  search: 'M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14zM20 20l-4-4',
  applications: 'M9 4h6v3H9zM7 5H5v15h14V5h-2M8 11h8M8 15h5',
  calendar: 'M4 6h16v14H4zM4 10h16M8 3v4M16 3v4M8 14h2M14 14h2',
  shifts: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM12 7v5l3 2',
  offers: 'M4 5h16v4H4zM4 13h10M4 17h7M18 13v6M15 16h6',
  pharmacists:
    'M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM2 20c0-4 3-6 7-6 2 0 3.5.5 4.5 1.3M17 19a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM19 18l3 3',
  verify: 'M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6zM8.5 12l2.5 2.5L16 9.5',
  reports: 'M5 21V4h11l-1.5 4L16 12H5',
  audit: 'M8 6h12M8 12h12M8 18h12M4 6h.01M4 12h.01M4 18h.01',
  pharmacies: 'M4 21V8l8-5 8 5v13zM12 10v6M9 13h6',
  users: 'M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM2 20c0-4 3-6 7-6s7 2 7 6M16 4a4 4 0 0 1 0 7M18 14c2.5.7 4 2.6 4 6',
} as const;

interface TPlace {
  to: string;
  label: string;
  icon: keyof typeof ICONS;
  /** What waits here, as a screen reader hears it, one part per kind; the badge shows their sum. */
  waiting?: { count: number; said: string }[];
}

/** The role's main places, with what waits on them (the counts of GET /api/user/counts/). */
function placesOf(role: TRole, counts: TUserCounts | undefined): TPlace[] {
  const messages = { count: counts?.messages ?? 0, said: FRAME_TEXT.unreadMessages(counts?.messages ?? 0) };
  if (role === 'farmacista')
    return [
      { to: PATHS.searchOffers, label: UI_TEXT.searchOffers, icon: 'search' },
      {
        to: PATHS.myApplications,
        label: UI_TEXT.myApplications,
        icon: 'applications',
        waiting: [{ count: counts?.invitations ?? 0, said: FRAME_TEXT.waitingInvitations(counts?.invitations ?? 0) }, messages],
      },
      { to: PATHS.availability, label: UI_TEXT.myAvailability, icon: 'calendar' },
      { to: PATHS.workedShifts, label: SHIFTS_LINK_TEXT.pharmacist, icon: 'shifts' },
    ];
  if (role === 'titolare')
    return [
      {
        to: PATHS.applications,
        label: UI_TEXT.applicationsReceived,
        icon: 'applications',
        waiting: [
          { count: counts?.applications ?? 0, said: FRAME_TEXT.waitingApplications(counts?.applications ?? 0) },
          messages,
        ],
      },
      { to: PATHS.myOffers, label: UI_TEXT.myOffers, icon: 'offers' },
      { to: PATHS.searchPharmacists, label: UI_TEXT.searchPharmacists, icon: 'pharmacists' },
      { to: PATHS.workedShifts, label: SHIFTS_LINK_TEXT.owner, icon: 'shifts' },
    ];
  return [
    { to: PATHS.verifications, label: UI_TEXT.verificationsLink, icon: 'verify' },
    { to: PATHS.reports, label: UI_TEXT.reportsLink, icon: 'reports' },
    { to: PATHS.audit, label: UI_TEXT.auditLink, icon: 'audit' },
    { to: PATHS.pharmacies, label: UI_TEXT.allPharmacies, icon: 'pharmacies' },
    { to: PATHS.users, label: UI_TEXT.usersList, icon: 'users' },
  ];
}

function usePlaces(role: TRole): TPlace[] {
  // An admin has nothing counted (the API answers 403 to them).
  const counts = useUserCounts({ enabled: role !== 'admin' }).data;
  return placesOf(role, counts);
}

/** What waits on a place: its kinds with a number, and their sum. */
function waitingOn(place: TPlace) {
  const parts = (place.waiting ?? []).filter((part) => part.count > 0);
  return { parts, total: parts.reduce((sum, part) => sum + part.count, 0) };
}

/**
 * The place's name with what waits, said in words ('Le mie candidature, 1 invito in attesa di risposta'); undefined
 * when nothing waits, and the link's text is its name. It starts with the name the reader sees.
 */
function nameWithWaiting(place: TPlace): string | undefined {
  const { parts } = waitingOn(place);
  return parts.length ? [place.label, ...parts.map((part) => part.said)].join(', ') : undefined;
}

/** The sum of what waits on a place, on a badge; the link's name says it (nameWithWaiting). */
function WaitingBadge({ place, className }: { place: TPlace; className?: string }) {
  const { total } = waitingOn(place);
  if (total === 0) return null;
  return (
    <span
      aria-hidden="true"
      data-testid="place-count"
      className={cn(
        'inline-flex min-w-5 items-center justify-center rounded-full bg-red-700 px-1 text-xs font-bold leading-5 text-white',
        className,
      )}
    >
      {FRAME_TEXT.badge(total)}
    </span>
  );
}

function Icon({ name, className }: { name: keyof typeof ICONS; className?: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className={cn('size-6 shrink-0', className)}
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      <path d={ICONS[name]} strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/**
 * The places on a desktop, under the header's first row. The current one is bold and underlined, not only coloured.
 * `data-places`: where 'Vai alla navigazione' leads (layout.tsx), whichever of the two lists shows.
 */
export function PlacesNav({ role }: { role: TRole }) {
  const places = usePlaces(role);
  const nav = useRef<HTMLElement>(null);
  // The header is taller with the places (and taller still when an owner's items wrap): the toasts open under it
  // whatever its height (index.css reads --frame-header-height).
  useEffect(() => {
    const header = nav.current?.closest('header');
    if (!header) return;
    const root = document.documentElement.style;
    const observer = new ResizeObserver(() => root.setProperty('--frame-header-height', `${header.offsetHeight}px`));
    observer.observe(header);
    return () => {
      observer.disconnect();
      root.removeProperty('--frame-header-height');
    };
  }, []);
  return (
    <nav ref={nav} aria-label={UI_TEXT.mainNavigation} data-places="" className="hidden sm:block">
      <ul className="-mb-px flex flex-wrap gap-x-1">
        {places.map((place) => (
          <li key={place.to}>
            <NavLink
              to={place.to}
              aria-label={nameWithWaiting(place)}
              className={({ isActive }) =>
                cn(
                  'flex min-h-11 items-center gap-2 border-b-[3px] px-3 text-base transition-colors',
                  'focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-emerald-700',
                  isActive
                    ? 'border-emerald-700 font-semibold text-emerald-800'
                    : 'border-transparent font-medium text-slate-700 hover:border-slate-300 hover:text-slate-900',
                )
              }
            >
              <Icon name={place.icon} className="size-5" />
              {place.label}
              <WaitingBadge place={place} />
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * The bar's height (its border included), and the room left for it under the page and by the browser's scrolling
 * (index.css): the same sum, so it never covers the page's end.
 */
const BAR_HEIGHT = 'h-[calc(4rem+env(safe-area-inset-bottom))]';

/**
 * The places on a phone: a bar fixed to the bottom (above the home indicator of an iPhone), and as much room under the
 * page, so the footer's last line and the map's controls are never under it. While it shows, the browser keeps a
 * focused field or a link scrolled to above it too (`data-bottom-bar`, scroll-padding in index.css).
 */
export function BottomBar({ role }: { role: TRole }) {
  const places = usePlaces(role);
  useEffect(() => {
    document.documentElement.dataset.bottomBar = '';
    return () => {
      delete document.documentElement.dataset.bottomBar;
    };
  }, []);
  return (
    <>
      <div aria-hidden="true" className={cn(BAR_HEIGHT, 'shrink-0 sm:hidden')} />
      <nav
        aria-label={FRAME_TEXT.bottomNavigation}
        data-places=""
        className={cn(
          BAR_HEIGHT,
          'fixed inset-x-0 bottom-0 z-20 border-t border-slate-200 bg-white pb-[env(safe-area-inset-bottom)] shadow-[0_-1px_4px_rgb(0_0_0/0.06)] sm:hidden',
        )}
      >
        <ul className="grid h-full" style={{ gridTemplateColumns: `repeat(${places.length}, minmax(0, 1fr))` }}>
          {places.map((place) => (
            <li key={place.to} className="min-w-0 h-full">
              <NavLink
                to={place.to}
                aria-label={nameWithWaiting(place)}
                className={({ isActive }) =>
                  cn(
                    'relative flex h-full flex-col items-center justify-center gap-0.5 px-0.5 text-center text-xs leading-tight',
                    'focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-emerald-700',
                    // The current place: a bar above it and bold text, not only the colour.
                    'before:absolute before:inset-x-3 before:top-0 before:h-[3px] before:rounded-b',
                    isActive
                      ? 'font-semibold text-emerald-800 before:bg-emerald-700'
                      : 'font-medium text-slate-700 before:bg-transparent',
                  )
                }
              >
                <span className="relative">
                  <Icon name={place.icon} />
                  <WaitingBadge place={place} className="absolute -right-3 -top-1.5 ring-2 ring-white" />
                </span>
                <span className="line-clamp-2 break-words">{place.label}</span>
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </>
  );
}

/** The other pages of the role, one step away: in the phone's menu as they are, on a desktop behind 'Altro'. */
function morePagesOf(role: TRole): { to: string; label: string }[] {
  if (role === 'farmacista')
    return [
      { to: PATHS.professionalFile, label: ENGAGEMENT_LINK_TEXT.professionalFile },
      { to: PATHS.invoices, label: INVOICE_LINK_TEXT.pharmacist },
      { to: PATHS.reviews, label: REVIEWS_TEXT.title },
      { to: PATHS.notifications, label: UI_TEXT.notifications },
    ];
  if (role === 'titolare')
    return [
      { to: PATHS.receivedInvoices, label: INVOICE_LINK_TEXT.owner },
      { to: PATHS.reviews, label: REVIEWS_TEXT.title },
      { to: PATHS.notifications, label: UI_TEXT.notifications },
    ];
  return [];
}

/**
 * 'Altro' in the header's menu: on a phone its links are listed in the open menu; on a desktop a button shows them
 * under it (a disclosure: Escape, a click elsewhere or a link followed closes it).
 */
export function MoreItems({ role }: { role: TRole }) {
  const pages = morePagesOf(role);
  const [open, setOpen] = useState(false);
  const listId = useId();
  const item = useRef<HTMLLIElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: closes on navigation on purpose
  useEffect(() => setOpen(false), [pathname]);
  useEffect(() => {
    if (!open) return;
    const outside = (event: MouseEvent | FocusEvent) => {
      if (event.target instanceof Node && !item.current?.contains(event.target)) setOpen(false);
    };
    const onEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('mousedown', outside);
    document.addEventListener('focusin', outside);
    document.addEventListener('keydown', onEscape);
    return () => {
      document.removeEventListener('mousedown', outside);
      document.removeEventListener('focusin', outside);
      document.removeEventListener('keydown', onEscape);
    };
  }, [open]);
  if (pages.length === 0) return null;
  return (
    <li ref={item} className="sm:relative">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((was) => !was)}
        className={cn(navLinkClasses({ isActive: pages.some((page) => page.to === pathname) }), 'hidden gap-1 sm:flex')}
      >
        {FRAME_TEXT.more}
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className={cn('size-4 transition-transform', open && 'rotate-180')}
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <path d="M6 9l6 6 6-6" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </button>
      <ul
        id={listId}
        className={cn(
          'flex flex-col gap-1',
          open
            ? 'sm:absolute sm:right-0 sm:top-full sm:z-30 sm:mt-1 sm:w-60 sm:rounded-xl sm:border sm:border-slate-200 sm:bg-white sm:p-1 sm:shadow-lg'
            : 'sm:hidden',
        )}
      >
        {pages.map((page) => (
          <li key={page.to}>
            <NavLink to={page.to} className={navLinkClasses}>
              {page.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </li>
  );
}
