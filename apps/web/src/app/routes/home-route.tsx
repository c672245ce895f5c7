/** The home page: the dashboard, with the dialogs of the other features plugged in here (features never import each other). */
import { DescriptionDialog } from '../../features/account/components/description-dialog';
import { DashboardPage } from '../../features/dashboard/pages/dashboard-page';
import { AVAILABLE } from '../features-available';

export function HomeRoute() {
  return <DashboardPage available={AVAILABLE} slots={{ editDescription: <DescriptionDialog /> }} />;
}
