/**
 * The dialogs of 'Avvisami' (decision 028): save the search on screen as an alert (a name, how often), and the list of
 * saved searches, each a link back to its results, with 'Elimina'. A new pharmacist is offered their preferred region
 * as a first one.
 */
import type { TSavedSearch } from '@farmaponte/shared';
import { LIMITS } from '@farmaponte/shared/limits';
import { MESSAGES } from '@farmaponte/shared/messages';
import { UI_TEXT } from '@farmaponte/shared/ui-text';
import { SEARCH_TEXT } from '@farmaponte/shared/ui-text-search';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { PATHS } from '../../../lib/paths';
import { useCreateSavedSearch, useDeleteSavedSearch, useSavedSearches, useSavedSearchSuggestion } from '../api/saved-searches';
import { readSearchFilters, searchFiltersQuery, type TSearchFilters } from '../lib/search-filters';

type TFrequency = TSavedSearch['frequency'];

/** A saved search's filters as the URL writes them (numbers become text). */
function savedFiltersQuery(filters: TSavedSearch['filters']): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) if (value !== undefined && value !== null) params.set(name, String(value));
  return searchFiltersQuery(readSearchFilters(params));
}

const searchLink = (filters: TSavedSearch['filters']) => {
  const query = savedFiltersQuery(filters);
  return query ? `${PATHS.searchOffers}?${query}` : PATHS.searchOffers;
};

export interface TSavedSearchesDialogProps {
  /** 'save': 'Avvisami' for the search on screen; 'list': the saved searches. */
  mode: 'save' | 'list';
  open: boolean;
  onOpenChange: (open: boolean) => void;
  filters: TSearchFilters;
  suggestedName: string;
}

/** Loaded on first use (decision 001): Radix and the form stay out of the search page's first load. */
export default function SavedSearchesDialog({ mode, open, onOpenChange, filters, suggestedName }: TSavedSearchesDialogProps) {
  return mode === 'save' ? (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={SEARCH_TEXT.savedSearchSaveTitle}
      description={SEARCH_TEXT.savedSearchSaveDescription}
    >
      {open ? <SaveSearchForm filters={filters} suggestedName={suggestedName} onSaved={() => onOpenChange(false)} /> : null}
    </Dialog>
  ) : (
    <Dialog open={open} onOpenChange={onOpenChange} title={SEARCH_TEXT.savedSearchesTitle}>
      {open ? <SavedSearchesList onOpen={() => onOpenChange(false)} /> : null}
    </Dialog>
  );
}

function FrequencyField({ value, onChange }: { value: TFrequency; onChange: (value: TFrequency) => void }) {
  const name = useId();
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-medium text-slate-800">{SEARCH_TEXT.savedSearchFrequencyLabel}</legend>
      {(['immediate', 'daily'] as const).map((frequency) => (
        <label key={frequency} className="flex min-h-11 cursor-pointer items-center gap-3 text-base text-slate-800">
          <input
            type="radio"
            name={name}
            value={frequency}
            checked={value === frequency}
            onChange={() => onChange(frequency)}
            className="size-5 accent-emerald-700"
          />
          {SEARCH_TEXT.savedSearchFrequency[frequency]}
        </label>
      ))}
    </fieldset>
  );
}

function SaveSearchForm({
  filters,
  suggestedName,
  onSaved,
}: {
  filters: TSearchFilters;
  suggestedName: string;
  onSaved: () => void;
}) {
  const [name, setName] = useState(suggestedName);
  const [frequency, setFrequency] = useState<TFrequency>('immediate');
  const [error, setError] = useState<string | undefined>();
  const create = useCreateSavedSearch();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setError(MESSAGES.savedSearchName);
    const { sort: _sort, ...searchFilters } = filters;
    create.mutate(
      { name: name.trim(), filters: searchFilters, frequency },
      {
        onSuccess: (answer) => {
          notify.success(answer.message || MESSAGES.savedSearchCreated);
          onSaved();
        },
        onError: (failure) => {
          const message = failure instanceof ApiError && failure.status > 0 ? failure.message : MESSAGES.serverError;
          setError(failure instanceof ApiError ? (failure.fields?.name ?? message) : message);
        },
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-5">
      <TextField
        label={SEARCH_TEXT.savedSearchNameLabel}
        value={name}
        maxLength={LIMITS.savedSearchNameMaxLength}
        required
        error={error}
        autoComplete="off"
        onChange={(event) => {
          setName(event.target.value);
          setError(undefined);
        }}
      />
      <FrequencyField value={frequency} onChange={setFrequency} />
      <Button type="submit" loading={create.isPending} className="self-end">
        {SEARCH_TEXT.savedSearchSaveButton}
      </Button>
    </form>
  );
}

function SavedSearchesList({ onOpen }: { onOpen: () => void }) {
  const saved = useSavedSearches();
  const suggestion = useSavedSearchSuggestion();
  const create = useCreateSavedSearch();
  const remove = useDeleteSavedSearch();
  if (saved.isPending) return <p className="text-base text-slate-700">{UI_TEXT.loading}</p>;
  if (saved.isError) return <p role="alert">{MESSAGES.serverError}</p>;
  const offered = suggestion.data?.suggestion;
  return (
    <div className="flex flex-col gap-4">
      {offered ? (
        <div className="rounded-xl border border-emerald-200 bg-emerald-50 p-4">
          <p className="text-sm text-emerald-900">{SEARCH_TEXT.savedSearchSuggestion(offered.name)}</p>
          <Button
            type="button"
            className="mt-3"
            loading={create.isPending}
            onClick={() =>
              create.mutate(offered, {
                onSuccess: (answer) => notify.success(answer.message || MESSAGES.savedSearchCreated),
                onError: (failure) => notify.error(failure instanceof ApiError ? failure.message : MESSAGES.serverError),
              })
            }
          >
            {SEARCH_TEXT.savedSearchSaveButton}
          </Button>
        </div>
      ) : null}
      {saved.data.length ? (
        <ul className="flex flex-col divide-y divide-slate-200">
          {saved.data.map((search) => (
            <li key={search.id} className="flex flex-wrap items-center gap-3 py-3">
              <div className="min-w-0 flex-1">
                <Link
                  to={searchLink(search.filters)}
                  onClick={onOpen}
                  className="break-words font-semibold text-emerald-800 underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-emerald-700"
                >
                  {search.name}
                </Link>
                <p className="text-sm text-slate-600">{SEARCH_TEXT.savedSearchFrequency[search.frequency]}</p>
              </div>
              <Button
                type="button"
                variant="danger"
                aria-label={SEARCH_TEXT.savedSearchDelete(search.name)}
                loading={remove.isPending && remove.variables === search.id}
                onClick={() =>
                  remove.mutate(search.id, {
                    onSuccess: () => notify.success(MESSAGES.savedSearchDeleted),
                    onError: (failure) => notify.error(failure instanceof ApiError ? failure.message : MESSAGES.serverError),
                  })
                }
              >
                {UI_TEXT.offerDelete}
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-base text-slate-700">{SEARCH_TEXT.savedSearchesEmpty}</p>
      )}
    </div>
  );
}
