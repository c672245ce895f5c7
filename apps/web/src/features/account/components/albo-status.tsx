/** The pharmacist's albo check in words (decision 050), under the entry's fields of the profile. */
import { MESSAGES } from '@farmaponte/shared/messages';
import { UI_TEXT } from '@farmaponte/shared/ui-text';
import { ACCOUNT_TEXT } from '@farmaponte/shared/ui-text-account';
import { QueryLoadError } from '../../../components/ui/load-error';
import { cn } from '../../../lib/cn';
import { useAlboStatus } from '../api/get-albo-status';

const TONES = {
  none: 'border-slate-300 bg-slate-50 text-slate-800',
  incomplete: 'border-amber-300 bg-amber-50 text-amber-900',
  pending: 'border-amber-300 bg-amber-50 text-amber-900',
  verified: 'border-emerald-300 bg-emerald-50 text-emerald-900',
  rejected: 'border-red-200 bg-red-50 text-red-800',
} as const;

export function AlboStatus() {
  const query = useAlboStatus(true);
  if (query.isError) return <QueryLoadError query={query} message={MESSAGES.alboStatusLoadFailed} className="sm:col-span-2" />;
  const albo = query.data;
  return (
    <div
      role="status"
      aria-live="polite"
      aria-busy={!albo}
      className={cn('rounded-xl border px-4 py-3 text-sm sm:col-span-2', albo ? TONES[albo.status] : TONES.none)}
    >
      {albo ? (
        <>
          <p className="font-semibold">
            {ACCOUNT_TEXT.alboStatusTitle}: {ACCOUNT_TEXT.alboStatusNames[albo.status]}
          </p>
          {albo.status === 'rejected' && albo.reason ? (
            <p className="mt-1">{ACCOUNT_TEXT.alboRejectedReason(albo.reason)}</p>
          ) : null}
          {albo.missing.length ? (
            <p className="mt-1 font-medium">
              {ACCOUNT_TEXT.alboMissing(albo.missing.map((field) => ACCOUNT_TEXT.alboFieldNames[field]).join(', '))}
            </p>
          ) : null}
          <p className="mt-1">{ACCOUNT_TEXT.alboStatusExplained[albo.status]}</p>
        </>
      ) : (
        <p>{UI_TEXT.loading}</p>
      )}
    </div>
  );
}
