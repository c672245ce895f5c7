/**
 * The welcome screen (docs/product.md#welcome), what a logged-out visitor at / meets: what Farmaponte is, what it offers pharmacists
 * and owners, 'Accedi con Email' (in-app, to /login_email) and 'Sei nuovo? Registrati' (a plain link to /register).
 */
import { UI_TEXT } from '@farmaponte/shared/ui-text';
import { useId } from 'react';
import { useNavigate } from 'react-router';
import { BrandMark } from '../../../components/ui/brand-mark';
import { Button } from '../../../components/ui/button';
import { textLinkClasses } from '../../../components/ui/text-link';
import { pageTitle } from '../../../lib/page-title';
import { PATHS } from '../../../lib/paths';

export function WelcomePage() {
  const navigate = useNavigate();
  return (
    <div className="flex flex-1 flex-col items-center bg-gradient-to-b from-emerald-50 to-slate-50 px-4 py-8 sm:py-14">
      <title>{pageTitle(UI_TEXT.welcomeTitle)}</title>
      <div className="w-full max-w-3xl">
        <section
          aria-labelledby="welcome-title"
          className="flex flex-col items-center rounded-2xl border border-slate-200 bg-white px-6 py-10 text-center shadow-sm sm:px-12"
        >
          <BrandMark className="size-16" />
          <p className="mt-4 text-lg font-bold text-emerald-800">{UI_TEXT.brand}</p>
          <h1 id="welcome-title" className="mt-2 text-3xl font-bold text-slate-900 sm:text-4xl">
            {UI_TEXT.welcomeTitle}
          </h1>
          <p className="mt-4 max-w-xl text-lg text-slate-800">{UI_TEXT.welcomeLead}</p>
          <p className="mt-2 max-w-xl text-base text-slate-700">{UI_TEXT.tagline}</p>
          <div className="mt-8 flex w-full max-w-sm flex-col items-center gap-5">
            <Button size="lg" className="w-full" onClick={() => navigate(PATHS.loginEmail)}>
              {UI_TEXT.loginWithEmail}
            </Button>
            <a href={PATHS.register} className={`${textLinkClasses} inline-flex min-h-11 items-center text-base`}>
              {UI_TEXT.registerPrompt}
            </a>
          </div>
        </section>

        <div className="mt-6 grid gap-4 sm:grid-cols-2 sm:gap-6">
          <Audience title={UI_TEXT.welcomeForPharmacists} points={UI_TEXT.welcomePharmacistPoints} />
          <Audience title={UI_TEXT.welcomeForOwners} points={UI_TEXT.welcomeOwnerPoints} />
        </div>
      </div>
    </div>
  );
}

/** What Farmaponte does for one kind of user. */
function Audience({ title, points }: { title: string; points: readonly string[] }) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id={titleId} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <ul className="mt-3 flex flex-col gap-2.5">
        {points.map((point) => (
          <li key={point} className="flex gap-2.5 text-base text-slate-700">
            <svg
              aria-hidden="true"
              viewBox="0 0 20 20"
              className="mt-0.5 size-5 shrink-0 text-emerald-700"
              fill="none"
              stroke="currentColor"
              strokeWidth="2.2"
            >
              <path d="m4.5 10.5 3.5 3.5 7.5-8" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
            {point}
          </li>
        ))}
      </ul>
    </section>
  );
}
