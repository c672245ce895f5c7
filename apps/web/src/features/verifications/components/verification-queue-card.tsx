/** The admin's dashboard: how many requests wait on /verifiche, and how many for more than one working day (decision 049). */

import { OWNER_TEXT } from '@farmaponte/shared/ui-text-owner';
import { useQuery } from '@tanstack/react-query';
import { ButtonLink } from '../../../components/ui/button';
import { QueryLoadError } from '../../../components/ui/load-error';
import { Spinner } from '../../../components/ui/spinner';
import { PATHS } from '../../../lib/paths';
import { pendingVerificationsQueryOptions } from '../api/get-verifications';

export function VerificationQueueCard() {
  const pending = useQuery(pendingVerificationsQueryOptions());
  return (
    <section
      aria-labelledby="verification-queue-title"
      className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:flex-row sm:items-center sm:justify-between"
    >
      <div>
        <h2 id="verification-queue-title" className="text-lg font-semibold text-slate-900">
          {OWNER_TEXT.verificationsDashboardTitle}
        </h2>
        {pending.isError ? (
          <QueryLoadError query={pending} />
        ) : !pending.data ? (
          <Spinner size="sm" />
        ) : (
          <p className="mt-1 text-base text-slate-800">
            <span className="text-2xl font-bold text-slate-900">{pending.data.count}</span>{' '}
            {OWNER_TEXT.verificationsCount(pending.data.count).replace(/^\d+ /, '')}
            {pending.data.late > 0 ? (
              <span className="mt-1 block font-semibold text-amber-900">
                {OWNER_TEXT.verificationsLateCount(pending.data.late)}
              </span>
            ) : null}
          </p>
        )}
      </div>
      <ButtonLink to={PATHS.verifications} variant="secondary" className="self-start sm:self-center">
        {OWNER_TEXT.verificationsDashboardOpen}
      </ButtonLink>
    </section>
  );
}
