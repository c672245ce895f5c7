/**
 * 'Avvisami' and 'Ricerche salvate (n)' on /cerca_offerte, for a pharmacist (decision 028). The buttons are light; their
 * dialogs download on hover or focus and open on the first click (decision 001).
 */
import { SEARCH_TEXT } from '@farmaponte/shared/ui-text-search';
import { Suspense, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { OverlaySpinner } from '../../../components/ui/spinner';
import { lazyWithPreload } from '../../../lib/lazy-with-preload';
import { useSavedSearches } from '../api/saved-searches';
import type { TSearchFilters } from '../lib/search-filters';

const SavedSearchesDialog = lazyWithPreload(() => import('./saved-searches-dialog'));

export function SavedSearchesBar({ filters, suggestedName }: { filters: TSearchFilters; suggestedName: string }) {
  const [mode, setMode] = useState<'save' | 'list' | null>(null);
  const [used, setUsed] = useState<'save' | 'list'>('save');
  const [mounted, setMounted] = useState(false);
  const saveButton = useRef<HTMLButtonElement>(null);
  const saved = useSavedSearches();
  const count = saved.data?.length ?? 0;
  const open = (next: 'save' | 'list') => {
    setUsed(next);
    setMounted(true);
    setMode(next);
  };
  return (
    <div className="mt-3 flex flex-wrap gap-2">
      <Button
        ref={saveButton}
        type="button"
        variant="secondary"
        aria-haspopup="dialog"
        onPointerEnter={SavedSearchesDialog.preload}
        onFocus={SavedSearchesDialog.preload}
        onClick={() => open('save')}
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2">
          <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9M10.3 21a1.94 1.94 0 0 0 3.4 0" strokeLinecap="round" />
        </svg>
        {SEARCH_TEXT.savedSearchSave}
      </Button>
      <Button
        type="button"
        variant="ghost"
        aria-haspopup="dialog"
        onPointerEnter={SavedSearchesDialog.preload}
        onFocus={SavedSearchesDialog.preload}
        onClick={() => open('list')}
      >
        {SEARCH_TEXT.savedSearchesCount(count)}
      </Button>
      {mounted ? (
        <Suspense fallback={<OverlaySpinner />}>
          <SavedSearchesDialog
            mode={used}
            open={mode !== null}
            onOpenChange={(next) => setMode(next ? used : null)}
            filters={filters}
            suggestedName={suggestedName}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
