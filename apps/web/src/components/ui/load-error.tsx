/** A failed load, said in the page (never a browser alert), with a retry. */
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

/** A page whose data did not load: the API's message (or a generic one) and a retry of the same query. */
export function PageLoadError({
  query,
  className = 'mx-auto w-full max-w-xl px-4 py-10',
}: {
  query: { error: unknown; isFetching: boolean; refetch: () => unknown };
  /** Where it sits: by default centred as the whole page. */
  className?: string;
}) {
  return (
    <div className={className}>
      <LoadError
        message={errorMessage(query.error, UI_TEXT.pageErrorText)}
        retrying={query.isFetching}
        onRetry={() => query.refetch()}
        className="text-base"
      />
    </div>
  );
}
