/**
 * /candidature with 'Messaggi' of the messages feature on each application (features never import each other). A
 * notification's link names the thread to open (`?conversazione=<application id>`).
 */
import { useSearchParams } from 'react-router';
import { applicantName } from '../../features/applications/components/received-application-card';
import { ApplicationsPage } from '../../features/applications/pages/applications-page';
import { THREAD_PARAM, ThreadButton } from '../../features/messages/components/thread-button';

export function ApplicationsRoute() {
  const [params] = useSearchParams();
  const openId = Number(params.get(THREAD_PARAM));
  return (
    <ApplicationsPage
      messages={(application) => (
        <ThreadButton
          applicationId={application.id}
          otherName={applicantName(application)}
          startOpen={application.id === openId}
        />
      )}
    />
  );
}
