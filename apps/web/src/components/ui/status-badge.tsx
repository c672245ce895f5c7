/**
 * The status of an application or an offer as a pill: the word is always written (colour is never the only signal),
 * and the tone says at a glance whether it is good news, waiting, or over.
 */
import type { TApplicationStatus, TOfferStatus } from '@farmaponte/shared';
import { UI_TEXT } from '@farmaponte/shared/ui-text';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

type TTone = 'waiting' | 'info' | 'good' | 'over' | 'neutral';

const TONES: Record<TTone, string> = {
  waiting: 'border-amber-300 bg-amber-50 text-amber-900',
  info: 'border-sky-300 bg-sky-50 text-sky-900',
  good: 'border-emerald-300 bg-emerald-50 text-emerald-900',
  over: 'border-red-200 bg-red-50 text-red-800',
  neutral: 'border-slate-300 bg-slate-100 text-slate-700',
};

const APPLICATION_TONES: Record<TApplicationStatus, TTone> = {
  sent: 'waiting',
  seen: 'info',
  accepted: 'good',
  rejected: 'over',
  withdrawn: 'neutral',
};

const OFFER_TONES: Record<TOfferStatus, TTone> = {
  open: 'good',
  filled: 'info',
  closed: 'neutral',
  expired: 'neutral',
  pending_verification: 'waiting',
};

function Badge({ tone, children, className }: { tone: TTone; children: ReactNode; className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex items-center whitespace-nowrap rounded-full border px-2.5 py-0.5 text-xs font-semibold',
        TONES[tone],
        className,
      )}
    >
      {children}
    </span>
  );
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
