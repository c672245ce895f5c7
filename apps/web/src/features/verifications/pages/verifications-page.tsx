/**
 * /verifiche (admin only, decision 049): the owners and pharmacists waiting for a check, oldest first, filtered by role
 * and status, 20 a page; each card compares what was typed with the registry and approves or rejects with a reason.
 */
import type { TVerificationRow, TVerificationStatus, TVerifiedRole } from '@farmaponte/shared';
import { LIMITS } from '@farmaponte/shared/limits';
import { UI_TEXT } from '@farmaponte/shared/ui-text';
import { OWNER_TEXT } from '@farmaponte/shared/ui-text-owner';
import { useRef, useState } from 'react';
import { SelectField } from '../../../components/ui/field';
import { QueryLoadError } from '../../../components/ui/load-error';
import { Pager } from '../../../components/ui/pager';
import { Spinner, SpinnerIcon } from '../../../components/ui/spinner';
import { TextLink } from '../../../components/ui/text-link';
import { pageTitle } from '../../../lib/page-title';
import { PATHS } from '../../../lib/paths';
import { useFilteredPages, usePageCount } from '../../../lib/use-filtered-pages';
import { useVerifications } from '../api/get-verifications';
import { RejectDialog } from '../components/reject-dialog';
import { VerificationCard } from '../components/verification-card';

const ROLES: readonly TVerifiedRole[] = ['titolare', 'farmacista'];
const STATUSES: readonly TVerificationStatus[] = ['pending', 'verified', 'rejected'];

export function VerificationsPage() {
  const [role, setRole] = useState<TVerifiedRole | ''>('');
  const [status, setStatus] = useState<TVerificationStatus>('pending');
  // Another filter starts again from page 1.
  const filterKey = `${role}\u0000${status}`;
  const { page, setPage } = useFilteredPages(filterKey);

  const query = useVerifications({ status, role, page });
  const count = query.data?.count ?? 0;
  // Requests decided meanwhile (here or by another admin) can leave the page past the end: go to the last one.
  const pages = usePageCount(page, setPage, query.data && { count, settled: !query.isPlaceholderData }, LIMITS.usersPageSize);

  const [rejecting, setRejecting] = useState<TVerificationRow | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const lastButton = useRef<HTMLElement | null>(null);

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-6 sm:py-10">
      <title>{pageTitle(OWNER_TEXT.verificationsTitle)}</title>
      <TextLink to={PATHS.home} className="inline-flex min-h-11 items-center gap-1 text-base">
        <span aria-hidden="true">←</span> {UI_TEXT.backHome}
      </TextLink>
      <h1 className="mt-2 text-2xl font-bold text-slate-900 sm:text-3xl">{OWNER_TEXT.verificationsTitle}</h1>
      <p className="mt-2 text-base text-slate-700">{OWNER_TEXT.verificationsIntro}</p>

      <search className="mt-6 grid grid-cols-1 gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2 sm:p-6">
        <SelectField
          label={OWNER_TEXT.verificationsRoleLabel}
          value={role}
          onChange={(event) => setRole(event.target.value as TVerifiedRole | '')}
        >
          <option value="">{OWNER_TEXT.verificationsAllRoles}</option>
          {ROLES.map((value) => (
            <option key={value} value={value}>
              {UI_TEXT.roleNames[value]}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={OWNER_TEXT.verificationsStatusLabel}
          value={status}
          onChange={(event) => setStatus(event.target.value as TVerificationStatus)}
        >
          {STATUSES.map((value) => (
            <option key={value} value={value}>
              {OWNER_TEXT.verificationStatusNames[value]}
            </option>
          ))}
        </SelectField>
      </search>

      <div className="mt-6 flex min-h-6 flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-700">
        <p role="status" className="font-medium">
          {query.data
            ? [
                OWNER_TEXT.verificationsCount(count),
                status === 'pending' && query.data.late > 0 ? OWNER_TEXT.verificationsLateCount(query.data.late) : '',
              ]
                .filter(Boolean)
                .join(' · ')
            : ''}
        </p>
        {query.isFetching && query.data ? <SpinnerIcon className="text-emerald-700" /> : null}
      </div>

      <div className="mt-3">
        {query.isError && !query.data ? (
          <QueryLoadError query={query} />
        ) : !query.data ? (
          <div className="flex justify-center py-12">
            <Spinner size="lg" />
          </div>
        ) : query.data.results.length === 0 ? (
          <p className="rounded-2xl border border-slate-200 bg-white px-4 py-10 text-center text-base text-slate-700 shadow-sm">
            {status === 'pending' && !role ? OWNER_TEXT.verificationsEmptyPending : OWNER_TEXT.verificationsEmpty}
          </p>
        ) : (
          <ul className="flex flex-col gap-4" aria-busy={query.isFetching}>
            {query.data.results.map((request) => (
              <li key={request.user_id}>
                <VerificationCard
                  request={request}
                  onReject={(chosen, button) => {
                    lastButton.current = button;
                    setRejecting(chosen);
                    setDialogOpen(true);
                  }}
                />
              </li>
            ))}
          </ul>
        )}
      </div>

      {query.data && pages > 1 ? <Pager page={page} pages={pages} loading={query.isPlaceholderData} onPage={setPage} /> : null}

      <RejectDialog request={rejecting} open={dialogOpen} onOpenChange={setDialogOpen} returnFocusRef={lastButton} />
    </div>
  );
}
