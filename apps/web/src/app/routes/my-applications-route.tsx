/** /mie_candidature with the pharmacist's invitations plugged in above the applications (features never import each other). */
import { MyApplicationsPage } from '../../features/applications/pages/my-applications-page';
import { MyInvitations } from '../../features/invitations/components/my-invitations';

export function MyApplicationsRoute() {
  return <MyApplicationsPage invitations={<MyInvitations />} />;
}
