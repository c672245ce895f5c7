import { UI_TEXT } from '@farmaponte/shared/ui-text';
import { Button } from './button';

/** 'Precedente' · 'Pagina 2 di 5' · 'Successiva' under a list paged by the server; both buttons wait while a page loads. */
export function Pager({
  page,
  pages,
  loading,
  onPage,
}: {
  page: number;
  pages: number;
  loading: boolean;
  onPage: (page: number) => void;
}) {
  return (
    <nav aria-label={UI_TEXT.pagination} className="mt-4 flex items-center justify-between gap-3">
      <Button variant="secondary" disabled={page <= 1 || loading} onClick={() => onPage(page - 1)}>
        <span aria-hidden="true">←</span> {UI_TEXT.previousPage}
      </Button>
      <p className="text-center text-sm font-medium text-slate-800" aria-live="polite">
        {UI_TEXT.pageOf(page, pages)}
      </p>
      <Button variant="secondary" disabled={page >= pages || loading} onClick={() => onPage(page + 1)}>
        {UI_TEXT.nextPage} <span aria-hidden="true">→</span>
      </Button>
    </nav>
  );
}
