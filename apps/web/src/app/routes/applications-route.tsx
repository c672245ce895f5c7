/** /candidature with the star 'Aggiungi ai miei farmacisti' plugged into each card (features never import each other). */
import { ApplicationsPage } from '../../features/applications/pages/applications-page';
import { FavouriteButton } from '../../features/invitations/components/favourite-button';

export function ApplicationsRoute() {
  return <ApplicationsPage favouriteButton={(pharmacistId) => <FavouriteButton pharmacistId={pharmacistId} />} />;
}
