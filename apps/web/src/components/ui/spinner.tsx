import { UI_TEXT } from '@farmaponte/shared/ui-text';
import { cn } from '../../lib/cn';

const SIZES = { sm: 'size-4', md: 'size-6', lg: 'size-10' } as const;

/** The spinning ring alone, for places that announce the busy state themselves (a busy button). */
export function SpinnerIcon({ size = 'sm', className }: { size?: keyof typeof SIZES; className?: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      fill="none"
      className={cn('animate-spin motion-reduce:animate-[spin_1.5s_linear_infinite]', SIZES[size], className)}
    >
      <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
      <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}

/** A loading indicator announced to screen readers as 'Caricamento...'. */
export function Spinner({
  size = 'md',
  label = UI_TEXT.loading,
  className,
}: {
  size?: keyof typeof SIZES;
  label?: string;
  className?: string;
}) {
  return (
    <span role="status" aria-label={label} className={cn('inline-flex items-center justify-center text-emerald-700', className)}>
      <SpinnerIcon size={size} />
    </span>
  );
}

/** Centred in the page while a route or the session loads. */
export function PageSpinner() {
  return (
    <div className="flex min-h-[50vh] flex-1 items-center justify-center py-16">
      <Spinner size="lg" />
    </div>
  );
}

/** Over the page while a dialog's code downloads (first opening only). */
export function OverlaySpinner() {
  return (
    <div className="fixed inset-0 z-40 flex items-center justify-center bg-slate-900/30">
      <span className="rounded-full bg-white p-3 shadow-lg">
        <Spinner />
      </span>
    </div>
  );
}
