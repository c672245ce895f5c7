/**
 * /cerca_farmacisti: the availability feature's search page with 'Invita' of the invitations feature on each card
 * (features never import each other).
 */
import { SearchPharmacistsPage } from '../../features/availability/pages/search-pharmacists-page';
import { InviteButton } from '../../features/invitations/components/invite-button';

export function SearchPharmacistsRoute() {
  return (
    <SearchPharmacistsPage
      renderActions={(pharmacist) => (
        <InviteButton pharmacist={{ id: pharmacist.pharmacist_id, name: pharmacist.name, surname: pharmacist.surname }} />
      )}
    />
  );
}
