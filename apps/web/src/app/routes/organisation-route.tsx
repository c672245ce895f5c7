/** /organizzazione with the verification document's form of the verifications feature plugged into each waiting pharmacy. */
import { OrganisationPage } from '../../features/organisation/pages/organisation-page';
import { PharmacyDocumentForm } from '../../features/verifications/components/verification-document-section';

export function OrganisationRoute() {
  return (
    <OrganisationPage
      documentUpload={(pharmacy) => <PharmacyDocumentForm pharmacyId={pharmacy.id} pharmacyName={pharmacy.name} />}
    />
  );
}
