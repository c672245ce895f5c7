/** The welcome screen (spec §2): 'Accedi con Email' navigates in-app, 'Sei nuovo? Registrati' is a plain link. */
import { UI_TEXT } from '@farmaponte/shared/ui-text';
import { useNavigate } from 'react-router';
import { BrandMark } from '../../../components/ui/brand-mark';
import { Button } from '../../../components/ui/button';
import { textLinkClasses } from '../../../components/ui/text-link';
import { pageTitle } from '../../../lib/page-title';
import { PATHS } from '../../../lib/paths';

export function WelcomePage() {
  const navigate = useNavigate();
  return (
    <div className="flex flex-1 items-center justify-center bg-gradient-to-b from-emerald-50 to-slate-50 px-4 py-12">
      <title>{pageTitle(UI_TEXT.welcomeTitle)}</title>
      <section className="flex w-full max-w-md flex-col items-center rounded-2xl border border-slate-200 bg-white px-6 py-10 text-center shadow-sm sm:px-10">
        <BrandMark className="size-16" />
        <p className="mt-4 text-lg font-bold text-emerald-800">{UI_TEXT.brand}</p>
        <h1 className="mt-2 text-3xl font-bold text-slate-900">{UI_TEXT.welcomeTitle}</h1>
        <p className="mt-3 text-base text-slate-700">{UI_TEXT.tagline}</p>
        <Button size="lg" className="mt-8 w-full" onClick={() => navigate(PATHS.loginEmail)}>
          {UI_TEXT.loginWithEmail}
        </Button>
        <a href={PATHS.register} className={`${textLinkClasses} mt-6 text-base`}>
          {UI_TEXT.registerPrompt}
        </a>
      </section>
    </div>
  );
}
