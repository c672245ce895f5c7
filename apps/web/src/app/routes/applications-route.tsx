/**
 * /candidature with the pieces of other features on each card (features never import each other): 'Messaggi' of the
 * messages feature (a notification's link names the thread to open, `?conversazione=<application id>`) and the star
 * 'Aggiungi ai miei farmacisti' of the invitations feature.
 */
import { useSearchParams } from 'react-router';
import { applicantName } from '../../features/applications/components/received-application-card';
import { ApplicationsPage } from '../../features/applications/pages/applications-page';
import { FavouriteButton } from '../../features/invitations/components/favourite-button';
import { THREAD_PARAM, ThreadButton } from '../../features/messages/components/thread-button';

export function ApplicationsRoute() {
  const [params] = useSearchParams();
  const openId = Number(params.get(THREAD_PARAM));
  return (
    <ApplicationsPage
      favouriteButton={(pharmacistId) => <FavouriteButton pharmacistId={pharmacistId} />}
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
