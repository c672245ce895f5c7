/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
/**
 * What bench/web.ts runs inside /cerca_offerte. The page is found the way a user sees it, not by its markup, so the
 * same benchmark measures whichever version of the page is built:
 * - a row of the list is a list item or an article (`li`, `article`, or those ARIA roles) outside the map that shows
 *   the title of an offer of the dataset (BENCH_OFFER_TITLES);
 * - the map is the region named UI_TEXT.offersMapLabel, and its markers (pins and clusters alike) are the buttons in
 *   it, less the map's own controls (zoom): those sit in an element whose class names a control, as Leaflet's and
 *   MapLibre's do.
 */

/** What the page is told: the map's name and the offers' titles. */
export interface TPageTargets {
  mapLabel: string;
  titles: readonly string[];
}

export interface TPageBench {
  longTasks: { start: number; duration: number }[];
  /** ms after navigation (performance.now()) the first row was seen, and its first change of the markers. */
  listShown: number | null;
  firstMarker: number | null;
  lastMarkerChange: number | null;
  frames: number[];
  recording: boolean;
  /** Set to stop watching (and recording) every frame, e.g. before a trace that should show the page's work only. */
  stopped: boolean;
  /** performance.now() when read. */
  now: number;
}

/**
 * Runs in the page before its own scripts (as an init script, with `targets`): collects long tasks, the moment the
 * list's first row is shown and the first and last change of the map's markers (checked every frame), and the frame
 * intervals while `recording`. Self-contained: it is serialised into the page.
 */
export function instrument(targets: TPageTargets) {
  const w = window as unknown as { __bench: TPageBench; __benchFind: unknown };
  const bench: TPageBench = {
    longTasks: [],
    listShown: null,
    firstMarker: null,
    lastMarkerChange: null,
    frames: [],
    recording: false,
    stopped: false,
    now: 0,
  };
  w.__bench = bench;
  const ROWS = 'li, article, [role="listitem"], [role="article"]';
  const MARKERS = 'button, [role="button"]';
  const CONTROLS = '[class*="control"], [class*="ctrl"]';
  const findMap = () => document.querySelector(`[role="region"][aria-label="${CSS.escape(targets.mapLabel)}"]`);
  /** The first row of the list that is rendered (a box of its own, not hidden), or null. */
  const findRow = () => {
    const map = findMap();
    for (const element of document.querySelectorAll(ROWS)) {
      if (map?.contains(element)) continue;
      const text = element.textContent ?? '';
      if (!targets.titles.some((title) => text.includes(title))) continue;
      if (element.getBoundingClientRect().height > 0 && element.checkVisibility()) return element;
    }
    return null;
  };
  const countMarkers = () => {
    const map = findMap();
    if (!map) return 0;
    let count = 0;
    for (const element of map.querySelectorAll(MARKERS)) if (!element.closest(CONTROLS)) count++;
    return count;
  };
  w.__benchFind = { findRow, findMap };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) bench.longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
  let markerCount = 0;
  let previous = 0;
  const frame = (now: number) => {
    if (bench.stopped) return;
    if (bench.recording && previous) bench.frames.push(now - previous);
    previous = now;
    if (bench.listShown === null && findRow()) bench.listShown = performance.now();
    const count = countMarkers();
    if (count !== markerCount) {
      markerCount = count;
      if (bench.firstMarker === null && count > 0) bench.firstMarker = performance.now();
      bench.lastMarkerChange = performance.now();
    }
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}

/**
 * Where to put the pointer to scroll the list (in the page): the list's scrolling box brought into view when the list
 * scrolls in a box of its own (the current page), else the first row brought into view (a list that scrolls with the
 * page). Null when no row is shown.
 */
export function listScrollPoint(): { x: number; y: number } | null {
  const find = (window as unknown as { __benchFind: { findRow: () => Element | null } }).__benchFind;
  const row = find.findRow();
  if (!row) return null;
  let box: Element | null = row.parentElement;
  while (box && box !== document.body) {
    const overflow = getComputedStyle(box).overflowY;
    if ((overflow === 'auto' || overflow === 'scroll') && box.scrollHeight > box.clientHeight) break;
    box = box.parentElement;
  }
  const target = box && box !== document.body ? box : row;
  target.scrollIntoView({ block: 'nearest' });
  const rect = target.getBoundingClientRect();
  const top = Math.max(rect.top, 0);
  const bottom = Math.min(rect.bottom, window.innerHeight);
  return { x: Math.round(rect.left + rect.width / 2), y: Math.round(top + Math.min((bottom - top) / 2, 200)) };
}
