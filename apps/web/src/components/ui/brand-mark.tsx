/** The green pharmacy cross of the brand (also the favicon). */
import { BRAND_MARK_DRAWING } from './brand-mark-drawing';

export function BrandMark({ className }: { className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 32 32" className={className}>
      <rect {...BRAND_MARK_DRAWING.rect} />
      <path fill="#fff" d={BRAND_MARK_DRAWING.cross} />
    </svg>
  );
}
