/** /unauthorized (docs/product.md#screens): the role may not see the page it asked for. */
import { UI_TEXT } from '@farmaponte/shared/ui-text';
import { ButtonLink } from '../../../components/ui/button';
import { pageTitle } from '../../../lib/page-title';
import { PATHS } from '../../../lib/paths';

export function UnauthorizedPage() {
  return (
    <div className="flex flex-1 items-center justify-center px-4 py-16">
      <title>{pageTitle(UI_TEXT.unauthorizedTitle)}</title>
      <section className="flex max-w-md flex-col items-center rounded-2xl border border-slate-200 bg-white px-6 py-10 text-center shadow-sm">
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="size-12 text-red-700"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
        >
          <rect x="5" y="10" width="14" height="10" rx="2" />
          <path d="M8 10V7a4 4 0 0 1 8 0v3" strokeLinecap="round" />
        </svg>
        <h1 className="mt-4 text-2xl font-bold text-slate-900">{UI_TEXT.unauthorizedTitle}</h1>
        <p className="mt-3 text-base text-slate-700">{UI_TEXT.unauthorizedText}</p>
        <ButtonLink to={PATHS.home} size="lg" className="mt-8">
          {UI_TEXT.backToHomepage}
        </ButtonLink>
      </section>
    </div>
  );
}
