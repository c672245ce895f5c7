/**
 * /organizzazione (docs/product.md#organisation): the pharmacies the person acts for with the admin's check and their
 * settings, 'Aggiungi una farmacia' and the way to the staff for a titolare, then the organisation's data for invoices
 * (a titolare edits them, the others read them): what is used often first.
 */
import type { TOrganisationPharmacy } from '@farmaponte/shared/organisation';
import { UI_TEXT } from '@farmaponte/shared/ui-text';
import { ORGANISATION_TEXT as T } from '@farmaponte/shared/ui-text-organisation';
import { type ReactNode, useState } from 'react';
import { ButtonLink } from '../../../components/ui/button';
import { PageLoadError } from '../../../components/ui/load-error';
import { PageSpinner } from '../../../components/ui/spinner';
import { useOrganisation } from '../../../lib/api/get-organisation';
import { PATHS } from '../../../lib/paths';
import { AddPharmacySection } from '../components/add-pharmacy-section';
import { RoleBadge } from '../components/badges';
import { InvoicingSection } from '../components/invoicing-section';
import { PageFrame, PageSection } from '../components/page-frame';
import { PharmacyList } from '../components/pharmacy-list';

export function OrganisationPage({ documentUpload }: { documentUpload?: (pharmacy: TOrganisationPharmacy) => ReactNode }) {
  const organisation = useOrganisation();
  const [added, setAdded] = useState<number | null>(null);
  const data = organisation.data;
  return (
    <PageFrame title={T.organisationTitle} intro={T.organisationIntro} back={{ to: PATHS.home, label: UI_TEXT.backHome }}>
      {data ? (
        <>
          <div className="mt-4 flex flex-wrap items-center gap-3">
            <p className="text-lg font-semibold text-slate-900">{data.name}</p>
            <p className="flex items-center gap-2 text-sm text-slate-700">
              {T.yourRoleLabel}
              <RoleBadge role={data.my_role} />
            </p>
          </div>
          <PageSection
            id="pharmacies-title"
            title={T.pharmaciesTitle}
            action={
              data.my_role === 'titolare' ? (
                <ButtonLink to={PATHS.staff} variant="secondary" className="shrink-0 self-start">
                  {T.staffLink}
                </ButtonLink>
              ) : null
            }
          >
            <PharmacyList pharmacies={data.pharmacies} focusId={added} documentUpload={documentUpload} />
            {data.my_role === 'titolare' ? <AddPharmacySection onAdded={setAdded} /> : null}
          </PageSection>
          <InvoicingSection key={data.id} organisation={data} />
        </>
      ) : organisation.isError ? (
        <PageLoadError query={organisation} className="mt-6" />
      ) : (
        <PageSpinner />
      )}
    </PageFrame>
  );
}
