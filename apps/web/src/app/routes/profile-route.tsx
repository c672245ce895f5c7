/** /profile with the e-mail preferences of the notifications feature plugged in (features never import each other). */
import { ProfilePage } from '../../features/account/pages/profile-page';
import { EmailPreferencesSection } from '../../features/notifications/components/email-preferences-section';

export function ProfileRoute() {
  return <ProfilePage emailPreferences={<EmailPreferencesSection />} />;
}
