/**
 * A first screen drawn before the app's code has arrived (decision 057): the page's first script puts it in front of
 * the app's root, which stays hidden behind it until the app has something of its own to show (its page with the
 * same content, another page, an error); then the app leaves it, in the same frame as its own appears. Its buttons
 * look like the app's and carry the same ids: one pressed before the app came is pressed again on the app's own
 * button of that id once the app shows its page, so a tap on a row is never lost. Nothing here is specific to a page.
 */
export const FIRST_SCREEN_ID = 'prima-schermata';

type TFirstScreenScope = {
  __farmaponteFirstScreen?: 'shown' | 'left';
  /** The id of the last button pressed on the first screen, to press on the app's page. */
  __farmaponteFirstScreenPressed?: string;
};
const scope = globalThis as TFirstScreenScope;

/** Shows `html` in front of the app's root; nothing once the app has shown its own page. */
export function showFirstScreen(html: string, doc: Document = document): void {
  if (scope.__farmaponteFirstScreen) return;
  const root = doc.getElementById('root');
  if (!root) return;
  const screen = doc.createElement('div');
  screen.id = FIRST_SCREEN_ID;
  screen.innerHTML = html;
  screen.addEventListener('click', (event) => {
    const button = event.target instanceof Element ? event.target.closest('button[id]') : null;
    if (button) scope.__farmaponteFirstScreenPressed = button.id;
  });
  root.before(screen);
  root.hidden = true;
  scope.__farmaponteFirstScreen = 'shown';
}

/** The app shows its own page from now on: the first screen, if one was drawn, goes; it will not be drawn later. */
export function leaveFirstScreen(doc: Document = document): void {
  if (scope.__farmaponteFirstScreen === 'left') return;
  scope.__farmaponteFirstScreen = 'left';
  // Where the reader had scrolled to: the app's page has the same rows in the same place, so it opens there too.
  const view = doc.defaultView;
  const scrolled = view?.scrollY ?? 0;
  doc.getElementById(FIRST_SCREEN_ID)?.remove();
  const root = doc.getElementById('root');
  if (root) root.hidden = false;
  if (scrolled > 0) view?.scrollTo(0, scrolled);
  const pressed = scope.__farmaponteFirstScreenPressed;
  if (!pressed) return;
  scope.__farmaponteFirstScreenPressed = undefined;
  // After the app's frame has been committed, as if the press came now: its button takes the focus and the press.
  setTimeout(() => {
    const button = doc.getElementById(pressed);
    if (!(button instanceof HTMLButtonElement) || !root?.contains(button)) return;
    button.focus({ preventScroll: true });
    button.click();
    button.scrollIntoView({ block: 'nearest' });
  }, 0);
}

/** Whether a first screen is showing now (the app's first render: it keeps the reader's scroll, see RootLayout). */
export const firstScreenShowing = (): boolean => scope.__farmaponteFirstScreen === 'shown';
