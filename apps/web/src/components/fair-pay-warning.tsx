/**
 * The fair-pay warning where an owner sets or picks a pay (the offer dialog, the invite dialog): below FAIR_PAY it says
 * so, and it is only a warning (decision 071). The region is always there, so a screen reader hears it appear and go;
 * its id goes in the pay field's aria-describedby.
 */
import { FAIR_PAY_TEXT, fairPayWarning } from '@farmaponte/shared/fair-pay';
import { cn } from '../lib/cn';

export function FairPayWarning({
  id,
  pay,
  warning: given,
  className,
}: {
  id: string;
  pay: number | string | null | undefined;
  /** The warning worked out by the caller (the offer form's, like with like, decision 094) instead of the pay's. */
  warning?: string | null;
  className?: string;
}) {
  const warning = given === undefined ? fairPayWarning(pay) : given;
  return (
    <div id={id} role="status" aria-live="polite" className={cn(warning ? className : 'sr-only')}>
      {warning ? (
        <div
          className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950"
          data-testid="fair-pay-warning"
        >
          <p>{warning}</p>
          <p className="mt-1 text-xs text-amber-900">{FAIR_PAY_TEXT.source}</p>
        </div>
      ) : null}
    </div>
  );
}
