/** Any unknown path (docs/product.md#screens): 404, 'Pagina non trovata', and a button back to the homepage. */
import { UI_TEXT } from '@farmaponte/shared/ui-text';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { pageTitle } from '../../../lib/page-title';
import { PATHS } from '../../../lib/paths';

export function NotFoundPage() {
  const navigate = useNavigate();
  return (
    <div className="flex flex-1 items-center justify-center px-4 py-16">
      <title>{pageTitle(UI_TEXT.notFoundTitle)}</title>
      <section className="flex max-w-md flex-col items-center text-center">
        <p className="text-7xl font-extrabold tracking-tight text-emerald-700">{UI_TEXT.notFoundCode}</p>
        <h1 className="mt-4 text-2xl font-bold text-slate-900">{UI_TEXT.notFoundTitle}</h1>
        <p className="mt-3 text-base text-slate-700">{UI_TEXT.notFoundText}</p>
        <Button size="lg" className="mt-8" onClick={() => navigate(PATHS.home)}>
          {UI_TEXT.backToHomepage}
        </Button>
      </section>
    </div>
  );
}
