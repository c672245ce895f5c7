import type { TNotificationType } from './notifications';

/**
 * What a push carries to the service worker (decision 096), encrypted for the browser (RFC 8291): the notification's
 * type, its title and sentence, the page it opens (a path of the site) and a tag, so a newer push about the same thing
 * replaces the older one on the phone's screen.
 */
export interface TPushPayload {
  type: TNotificationType;
  title: string;
  body: string;
  /** A path of the site ('/mie_candidature'), opened when the notification is tapped. */
  url: string;
  tag: string;
}
