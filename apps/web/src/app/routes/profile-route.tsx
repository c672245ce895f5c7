/**
 * /profile with the e-mail preferences of the notifications feature, the owner's verification document, the
 * pharmacist's CV and the pharmacist's calendar feed of the shifts feature plugged in (features never import each other).
 */
import { ProfilePage } from '../../features/account/pages/profile-page';
import { CvSection } from '../../features/cv/components/cv-section';
import { EmailPreferencesSection } from '../../features/notifications/components/email-preferences-section';
import { CalendarFeedSection } from '../../features/shifts/components/calendar-feed-section';
import { VerificationDocumentSection } from '../../features/verifications/components/verification-document-section';

export function ProfileRoute() {
  return (
    <ProfilePage
      emailPreferences={<EmailPreferencesSection />}
      cv={<CvSection />}
      verificationDocument={<VerificationDocumentSection />}
      calendarFeed={<CalendarFeedSection />}
    />
  );
}
