/** An invitation's status as a pill: the word always written, the tone for a glance (as the applications' pills). */
import type { TInvitationStatus } from '@farmaponte/shared';
import { INVITATION_TEXT } from '@farmaponte/shared/invitation-text';
import { BADGE_CLASSES, TONES, type TTone } from '../../../components/ui/status-badge-look';
import { cn } from '../../../lib/cn';

const INVITATION_TONES: Record<TInvitationStatus, TTone> = {
  sent: 'waiting',
  accepted: 'good',
  declined: 'over',
  expired: 'neutral',
};

export function InvitationStatusBadge({
  status,
  side,
  className,
}: {
  status: TInvitationStatus;
  /** The pharmacist reads 'Da rispondere', the owner 'In attesa'. */
  side: 'pharmacist' | 'owner';
  className?: string;
}) {
  const names = side === 'pharmacist' ? INVITATION_TEXT.statusNames : INVITATION_TEXT.ownerStatusNames;
  return <span className={cn(BADGE_CLASSES, TONES[INVITATION_TONES[status]], className)}>{names[status]}</span>;
}
