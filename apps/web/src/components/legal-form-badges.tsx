/**
 * The legal forms an offer is worked under (decision 093) as pills: 'Dipendente (CCNL)', 'Libera professione', or
 * both. The word is always written; an offer from before the forms reads as employee-only, as the API stores it.
 */
import { LEGAL_FORM_SHORT, type TLegalForm } from '@farmaponte/shared/engagement';
import { ENGAGEMENT_TEXT } from '@farmaponte/shared/ui-text-engagement';
import { legalFormsOf } from '../lib/api/engagement';
import { cn } from '../lib/cn';
import { BADGE_CLASSES, TONES } from './ui/status-badge-look';

const FORM_TONES: Record<TLegalForm, string> = {
  dipendente: TONES.info,
  libera_professione: 'border-violet-300 bg-violet-50 text-violet-900',
};

export function LegalFormBadge({ form, className }: { form: TLegalForm; className?: string }) {
  return <span className={cn(BADGE_CLASSES, FORM_TONES[form], className)}>{LEGAL_FORM_SHORT[form]}</span>;
}

/** Every form of the offer, with the list's name for a screen reader ('Forma di lavoro: …'). */
export function LegalFormBadges({ offer, className }: { offer: object; className?: string }) {
  const forms = legalFormsOf(offer);
  return (
    <span className={cn('inline-flex flex-wrap items-center gap-1.5', className)}>
      <span className="sr-only">{ENGAGEMENT_TEXT.legalFormLabel}: </span>
      {forms.map((form) => (
        <LegalFormBadge key={form} form={form} />
      ))}
    </span>
  );
}
