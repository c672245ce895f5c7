/**
 * A section of a page that other screens link to (`/profile#documento-verifica`): once it is on the page, it is
 * scrolled to and takes the focus, so a keyboard or screen reader user starts there too, not at the top of the page.
 * The section needs `tabIndex={-1}`.
 */
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

export function useLinkedSection<TElement extends HTMLElement>(id: string, shown: boolean) {
  const ref = useRef<TElement>(null);
  const { hash } = useLocation();
  useEffect(() => {
    if (!shown || hash !== `#${id}`) return;
    ref.current?.scrollIntoView({ block: 'start' });
    ref.current?.focus({ preventScroll: true });
  }, [hash, id, shown]);
  return ref;
}
