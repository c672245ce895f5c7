/**
 * The status of an application or an offer as a pill: the word is always written (colour is never the only signal),
 * and the tone says at a glance whether it is good news, waiting, or over.
 */
import type { TApplicationStatus, TOfferStatus } from '@farmaponte/shared';
import { UI_TEXT } from '@farmaponte/shared/ui-text';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { APPLICATION_TONES, BADGE_CLASSES, TONES, type TTone } from './status-badge-look';

const OFFER_TONES: Record<TOfferStatus, TTone> = {
  open: 'good',
  filled: 'info',
  closed: 'neutral',
  expired: 'neutral',
  pending_verification: 'waiting',
};

function Badge({ tone, children, className }: { tone: TTone; children: ReactNode; className?: string }) {
  return <span className={cn(BADGE_CLASSES, TONES[tone], className)}>{children}</span>;
}

/** An application's status; `prefix` puts it in words for a place where the pill alone would be unclear. */
export function ApplicationStatusBadge({
  status,
  prefix,
  className,
}: {
  status: TApplicationStatus;
  prefix?: (name: string) => string;
  className?: string;
}) {
  const name = UI_TEXT.applicationStatusNames[status];
  return (
    <Badge tone={APPLICATION_TONES[status]} className={className}>
      {prefix ? prefix(name) : name}
    </Badge>
  );
}

export function OfferStatusBadge({ status, className }: { status: TOfferStatus; className?: string }) {
  return (
    <Badge tone={OFFER_TONES[status]} className={className}>
      {UI_TEXT.offerStatusNames[status]}
    </Badge>
  );
}
