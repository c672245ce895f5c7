/**
 * A failed load, said in the page (never a browser alert), with a retry: the one way the web says it (decision 017).
 * `QueryLoadError` for a TanStack query, `PageLoadError` when the whole page is that query.
 */
import { MESSAGES } from '@farmaponte/shared/messages';
import { UI_TEXT } from '@farmaponte/shared/ui-text';
import { cn } from '../../lib/cn';
import { errorMessage } from '../../lib/notify';
import { Button } from './button';

export function LoadError({
  message,
  onRetry,
  retryLabel = UI_TEXT.retry,
  retrying = false,
  className,
}: {
  message: string;
  onRetry: () => void;
  retryLabel?: string;
  /** The retry is on its way: the button spins. */
  retrying?: boolean;
  className?: string;
}) {
  return (
    <div
      role="alert"
      className={cn(
        'flex flex-col items-start gap-3 rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800',
        className,
      )}
    >
      <p>{message}</p>
      <Button variant="secondary" loading={retrying} onClick={onRetry}>
        {retryLabel}
      </Button>
    </div>
  );
}

/** What a retry needs of a TanStack query. */
interface TRetryableQuery {
  error: unknown;
  isFetching: boolean;
  refetch: () => unknown;
}

/** A query that did not load: its error's message (or `fallback`), unless a fixed `message` is given, and a retry. */
export function QueryLoadError({
  query,
  fallback = MESSAGES.loadFailed,
  message,
  className,
}: {
  query: TRetryableQuery;
  fallback?: string;
  message?: string;
  className?: string;
}) {
  return (
    <LoadError
      message={message ?? errorMessage(query.error, fallback)}
      retrying={query.isFetching}
      onRetry={() => query.refetch()}
      className={className}
    />
  );
}

/** A page whose data did not load: the API's message (or a generic one) and a retry of the same query. */
export function PageLoadError({
  query,
  className = 'mx-auto w-full max-w-xl px-4 py-10',
}: {
  query: TRetryableQuery;
  /** Where it sits: by default centred as the whole page. */
  className?: string;
}) {
  return (
    <div className={className}>
      <QueryLoadError query={query} fallback={UI_TEXT.pageErrorText} className="text-base" />
    </div>
  );
}
