/**
 * /profile's 'Il tuo CV' for a pharmacist: whether a CV is stored and 'Aggiorna CV', which opens the same dialog as
 * on the dashboard ('Carica il tuo CV', with 'Scarica il tuo CV' once there is one). Other screens link here
 * (`/profile#curriculum`).
 */
import { ACCOUNT_TEXT } from '@farmaponte/shared/ui-text-account';
import { useUserDetails } from '../../../lib/api/get-user-details';
import { PROFILE_SECTIONS } from '../../../lib/paths';
import { useLinkedSection } from '../../../lib/use-linked-section';
import { CvDialog } from './cv-dialog';

export function CvSection() {
  const details = useUserDetails();
  const shown = details.data?.role === 'farmacista';
  const sectionRef = useLinkedSection<HTMLElement>(PROFILE_SECTIONS.cv, shown);
  if (!details.data || !shown) return null;
  const stored = details.data.profile.pdf_file !== null;
  return (
    <section
      ref={sectionRef}
      id={PROFILE_SECTIONS.cv}
      tabIndex={-1}
      aria-labelledby="cv-section-title"
      className="mt-8 flex scroll-mt-24 flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm focus:outline-none sm:flex-row sm:items-center sm:justify-between sm:p-8"
    >
      <div>
        <h2 id="cv-section-title" className="text-lg font-semibold text-slate-900">
          {ACCOUNT_TEXT.cvSectionTitle}
        </h2>
        <p className="mt-1 text-sm text-slate-700">{stored ? ACCOUNT_TEXT.cvSectionStored : ACCOUNT_TEXT.cvSectionNone}</p>
      </div>
      <CvDialog />
    </section>
  );
}
