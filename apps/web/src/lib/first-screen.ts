/**
 * A first screen drawn before the app's code has arrived (decision 057): the page's first script puts it in front of
 * the app's root, which stays hidden behind it until the app has something of its own to show (its page with the
 * same content, another page, an error); then the app leaves it, in the same frame as its own appears. Nothing here is
 * specific to a page.
 */
export const FIRST_SCREEN_ID = 'prima-schermata';

type TFirstScreenScope = { __farmaponteFirstScreen?: 'shown' | 'left' };
const scope = globalThis as TFirstScreenScope;

/** Shows `html` in front of the app's root; nothing once the app has shown its own page. */
export function showFirstScreen(html: string, doc: Document = document): void {
  if (scope.__farmaponteFirstScreen) return;
  const root = doc.getElementById('root');
  if (!root) return;
  const screen = doc.createElement('div');
  screen.id = FIRST_SCREEN_ID;
  screen.innerHTML = html;
  root.before(screen);
  root.hidden = true;
  scope.__farmaponteFirstScreen = 'shown';
}

/** The app shows its own page from now on: the first screen, if one was drawn, goes; it will not be drawn later. */
export function leaveFirstScreen(doc: Document = document): void {
  if (scope.__farmaponteFirstScreen === 'left') return;
  scope.__farmaponteFirstScreen = 'left';
  doc.getElementById(FIRST_SCREEN_ID)?.remove();
  const root = doc.getElementById('root');
  if (root) root.hidden = false;
}
