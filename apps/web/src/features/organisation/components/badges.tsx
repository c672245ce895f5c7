/** The pills of the organisation's screens: a pharmacy's verification, a person's role. Words, never colour alone. */
import type { TMemberRole, TOrganisationPharmacy } from '@farmaponte/shared/organisation';
import { ORGANISATION_TEXT as T } from '@farmaponte/shared/ui-text-organisation';
import { BADGE_CLASSES, TONES, type TTone } from '../../../components/ui/status-badge-look';
import { cn } from '../../../lib/cn';

const VERIFICATION_TONES: Record<TOrganisationPharmacy['verification'], TTone> = {
  verified: 'good',
  pending: 'waiting',
  rejected: 'over',
  none: 'neutral',
};

export function VerificationBadge({ status }: { status: TOrganisationPharmacy['verification'] }) {
  return (
    <span className={cn(BADGE_CLASSES, TONES[VERIFICATION_TONES[status]])}>
      <span className="sr-only">{T.verificationLabel}: </span>
      {T.verificationNames[status]}
    </span>
  );
}

const ROLE_TONES: Record<TMemberRole, TTone> = { titolare: 'good', responsabile: 'info', consultazione: 'neutral' };

export function RoleBadge({ role }: { role: TMemberRole }) {
  return <span className={cn(BADGE_CLASSES, TONES[ROLE_TONES[role]])}>{T.roleNames[role]}</span>;
}

export function ReadOnlyBadge() {
  return <span className={cn(BADGE_CLASSES, TONES.neutral)}>{T.readOnlyBadge}</span>;
}
