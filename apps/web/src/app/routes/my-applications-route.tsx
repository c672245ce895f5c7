/**
 * /mie_candidature with the pieces of other features (features never import each other): the pharmacist's
 * invitations above the applications, and 'Messaggi' on each application (a notification's link names the thread to
 * open, `?conversazione=<application id>`).
 */
import { useSearchParams } from 'react-router';
import { MyApplicationsPage } from '../../features/applications/pages/my-applications-page';
import { MyInvitations } from '../../features/invitations/components/my-invitations';
import { THREAD_PARAM, ThreadButton } from '../../features/messages/components/thread-button';

export function MyApplicationsRoute() {
  const [params] = useSearchParams();
  const openId = Number(params.get(THREAD_PARAM));
  return (
    <MyApplicationsPage
      invitations={<MyInvitations />}
      messages={(application) => (
        <ThreadButton
          applicationId={application.id}
          otherName={application.offer.denominazione_farmacia}
          startOpen={application.id === openId}
        />
      )}
    />
  );
}
