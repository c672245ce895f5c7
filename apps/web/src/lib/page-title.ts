import { UI_TEXT } from '@farmaponte/shared/ui-text';

/** The browser tab's title for a page; render it as <title>{pageTitle(...)}</title> (React hoists it). */
export function pageTitle(page: string): string {
  return `${page} | ${UI_TEXT.brand}`;
}
