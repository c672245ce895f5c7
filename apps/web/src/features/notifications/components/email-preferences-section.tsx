/**
 * 'Notifiche via e-mail' on the profile: one switch per kind of notification the user can receive (an owner's and a
 * pharmacist's differ), saved together. Plugged into the profile page by the app (features never import each other).
 */
import type { TNotificationPreferences, TNotificationType, TRole } from '@farmaponte/shared';
import { MESSAGES, NOTIFICATION_TYPE_LABELS } from '@farmaponte/shared/messages';
import { ACCOUNT_TEXT } from '@farmaponte/shared/ui-text-account';
import { lazy, Suspense, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { CheckboxField } from '../../../components/ui/field';
import { QueryLoadError } from '../../../components/ui/load-error';
import { Spinner } from '../../../components/ui/spinner';
import { useUserDetails } from '../../../lib/api/get-user-details';
import { errorMessage, notify } from '../../../lib/notify';
import { useEmailPreferences } from '../api/get-email-preferences';
import { useUpdateEmailPreferences } from '../api/update-email-preferences';

/** 'Notifiche su questo dispositivo' (decision 096): its own chunk, fetched when the profile shows this section. */
const PushSection = lazy(() => import('./push-section'));

/** The kinds each role receives (an admin receives none). */
const TYPES_BY_ROLE: Record<TRole, TNotificationType[]> = {
  titolare: [
    'application_received',
    'application_withdrawn',
    'invitation_accepted',
    'invitation_declined',
    'message_received',
    'shift_reminder',
    'review_request',
    'review_published',
    'hours_submitted',
    'contract_confirmed',
    'proposal_received',
    'counter_decided',
    'invoice_issued',
    'invoice_overdue',
  ],
  farmacista: [
    'application_accepted',
    'application_rejected',
    'application_cancelled',
    'applications_withdrawn_booked',
    'offer_closed',
    'offer_deleted',
    'invitation_received',
    'message_received',
    'shift_reminder',
    'review_request',
    'review_published',
    'hours_answered',
    'contract_to_confirm',
    'contract_updated',
    'contract_confirmed',
    'insurance_expiring',
    'proposal_decided',
    'invoice_paid',
  ],
  admin: [],
};

export function EmailPreferencesSection() {
  const details = useUserDetails();
  const preferences = useEmailPreferences();
  const types = details.data ? TYPES_BY_ROLE[details.data.role] : [];
  if (details.data && types.length === 0) return null;
  return (
    <>
      <EmailSection preferences={preferences} types={types} ready={Boolean(details.data)} />
      <Suspense fallback={null}>
        <PushSection />
      </Suspense>
    </>
  );
}

function EmailSection({
  preferences,
  types,
  ready,
}: {
  preferences: ReturnType<typeof useEmailPreferences>;
  types: TNotificationType[];
  ready: boolean;
}) {
  return (
    <section
      aria-labelledby="email-preferences-title"
      className="mt-8 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8"
    >
      <h2 id="email-preferences-title" className="text-lg font-semibold text-slate-900">
        {ACCOUNT_TEXT.emailPreferencesTitle}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{ACCOUNT_TEXT.emailPreferencesIntro}</p>
      {preferences.data && ready ? (
        <PreferencesForm key={JSON.stringify(preferences.data)} saved={preferences.data} types={types} />
      ) : preferences.isError ? (
        <QueryLoadError query={preferences} className="mt-4" />
      ) : (
        <div className="mt-4 flex justify-center">
          <Spinner />
        </div>
      )}
    </section>
  );
}

function PreferencesForm({ saved, types }: { saved: TNotificationPreferences; types: TNotificationType[] }) {
  const update = useUpdateEmailPreferences();
  const [email, setEmail] = useState(saved.email);
  const changed = types.some((type) => email[type] !== saved.email[type]);
  return (
    <form
      className="mt-4 flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        const body = { email: Object.fromEntries(types.map((type) => [type, email[type]])) };
        update.mutate(body, {
          onSuccess: () => notify.success(MESSAGES.preferencesSaved),
          onError: (error) => notify.error(errorMessage(error, MESSAGES.loadFailed)),
        });
      }}
    >
      <fieldset className="flex flex-col gap-3">
        <legend className="sr-only">{ACCOUNT_TEXT.emailPreferencesTitle}</legend>
        {types.map((type) => (
          <CheckboxField
            key={type}
            label={NOTIFICATION_TYPE_LABELS[type]}
            checked={email[type]}
            onChange={(event) => setEmail((current) => ({ ...current, [type]: event.target.checked }))}
          />
        ))}
      </fieldset>
      <div>
        <Button type="submit" variant="secondary" loading={update.isPending} disabled={!changed} className="w-full sm:w-auto">
          {ACCOUNT_TEXT.emailPreferencesSave}
        </Button>
      </div>
    </form>
  );
}
