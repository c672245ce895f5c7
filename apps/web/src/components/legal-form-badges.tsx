/**
 * The legal forms an offer is worked under (decision 093) as pills: 'Dipendente (CCNL)', 'Libera professione', or
 * both. The word is always written; an offer from before the forms reads as employee-only, as the API stores it. The
 * search's first screen draws the same pills (features/offers/lib/first-screen-markup.ts).
 */
import type { TLegalForm } from '@farmaponte/shared/engagement';
import { LEGAL_FORM_PILLS } from '@farmaponte/shared/ui-text-legal-form-pills';
import { cn } from '../lib/cn';
import { legalFormsOf } from '../lib/legal-forms';
import { BADGE_CLASSES, LEGAL_FORM_ROW_CLASSES, LEGAL_FORM_TONES } from './ui/status-badge-look';

export function LegalFormBadge({ form, className }: { form: TLegalForm; className?: string }) {
  return <span className={cn(BADGE_CLASSES, LEGAL_FORM_TONES[form], className)}>{LEGAL_FORM_PILLS[form]}</span>;
}

/** Every form of the offer. */
export function LegalFormBadges({ offer, className }: { offer: object; className?: string }) {
  return (
    <span className={cn(LEGAL_FORM_ROW_CLASSES, className)}>
      {legalFormsOf(offer).map((form) => (
        <LegalFormBadge key={form} form={form} />
      ))}
    </span>
  );
}
