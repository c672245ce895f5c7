/** A rating of 1–5 as stars, read by a screen reader as "4 stelle". */
import { REVIEWS_TEXT } from '@farmaponte/shared/ui-text-reviews';

export function Stars({ value }: { value: number }) {
  return (
    <span role="img" aria-label={REVIEWS_TEXT.stars(value)} className="text-amber-500">
      {'★'.repeat(value)}
      <span className="text-slate-300">{'★'.repeat(5 - value)}</span>
    </span>
  );
}
