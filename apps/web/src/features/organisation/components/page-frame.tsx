/** The frame of an organisation's page: the tab's title, the way back, the heading and what the page is for. */
import type { ReactNode, Ref } from 'react';
import { TextLink } from '../../../components/ui/text-link';
import { pageTitle } from '../../../lib/page-title';

export function PageFrame({
  title,
  intro,
  back,
  children,
}: {
  title: string;
  intro?: ReactNode;
  back: { to: string; label: string };
  children: ReactNode;
}) {
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-6 sm:py-10">
      <title>{pageTitle(title)}</title>
      <TextLink to={back.to} className="inline-flex min-h-11 items-center gap-1 text-base">
        <span aria-hidden="true">←</span> {back.label}
      </TextLink>
      <h1 className="mt-2 break-words text-2xl font-bold text-slate-900 sm:text-3xl">{title}</h1>
      {intro ? <div className="mt-2 text-base text-slate-700">{intro}</div> : null}
      {children}
    </div>
  );
}

/** A titled white card of the page. */
export function PageSection({
  id,
  title,
  intro,
  action,
  headingRef,
  children,
}: {
  id: string;
  title: string;
  /** The heading takes the focus from the code (after what had it has gone): it is focusable then. */
  headingRef?: Ref<HTMLHeadingElement>;
  intro?: ReactNode;
  /** Beside the title (a link or a button), under it on a phone. */
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="mt-6 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h2
            ref={headingRef}
            id={id}
            tabIndex={headingRef ? -1 : undefined}
            className="text-lg font-semibold text-slate-900 focus:outline-none"
          >
            {title}
          </h2>
          {intro ? <p className="mt-1 text-sm text-slate-700">{intro}</p> : null}
        </div>
        {action}
      </div>
      <div className="mt-4">{children}</div>
    </section>
  );
}

/** A notice in the page: what the person's role allows, or why something is not there. */
export function Notice({ children }: { children: ReactNode }) {
  return (
    <p role="note" className="mt-4 rounded-lg border border-slate-200 bg-slate-50 px-4 py-3 text-base text-slate-800">
      {children}
    </p>
  );
}
