/**
 * /mie_candidature with 'Messaggi' of the messages feature on each application (features never import each other). A
 * notification's link names the thread to open (`?conversazione=<application id>`).
 */
import { useSearchParams } from 'react-router';
import { MyApplicationsPage } from '../../features/applications/pages/my-applications-page';
import { THREAD_PARAM, ThreadButton } from '../../features/messages/components/thread-button';

export function MyApplicationsRoute() {
  const [params] = useSearchParams();
  const openId = Number(params.get(THREAD_PARAM));
  return (
    <MyApplicationsPage
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
