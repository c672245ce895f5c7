/** The home page: the dashboard, with the dialogs of the other features plugged in here (features never import each other). */
import { DescriptionDialog } from '../../features/account/components/description-dialog';
import { AdminOverview } from '../../features/admin/components/admin-overview';
import { CvDialog } from '../../features/cv/components/cv-dialog';
import { DashboardPage } from '../../features/dashboard/pages/dashboard-page';
import { CreateOfferButton } from '../../features/offers/components/offer-dialog';
import { VerificationQueueCard } from '../../features/verifications/components/verification-queue-card';

export function HomeRoute() {
  return (
    <DashboardPage
      slots={{
        editDescription: <DescriptionDialog />,
        updateCv: <CvDialog />,
        createOffer: <CreateOfferButton />,
        adminOverview: <AdminOverview />,
        verificationQueue: <VerificationQueueCard />,
      }}
    />
  );
}
