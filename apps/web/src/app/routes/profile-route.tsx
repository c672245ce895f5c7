/**
 * /profile with the e-mail preferences of the notifications feature and the owner's verification document plugged in
 * (features never import each other).
 */
import { ProfilePage } from '../../features/account/pages/profile-page';
import { EmailPreferencesSection } from '../../features/notifications/components/email-preferences-section';
import { VerificationDocumentSection } from '../../features/verifications/components/verification-document-section';

export function ProfileRoute() {
  return <ProfilePage emailPreferences={<EmailPreferencesSection />} verificationDocument={<VerificationDocumentSection />} />;
}
