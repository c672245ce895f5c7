/**
 * /verifiche (admin only, decision 049): the owners and pharmacists waiting for a check, oldest first, filtered by role
 * and status, 20 a page; each card compares what was typed with the registry and approves or rejects with a reason.
 */
import type { TVerificationRow, TVerificationStatus, TVerifiedRole } from '@farmaponte/shared';
import { LIMITS } from '@farmaponte/shared/limits';
import { UI_TEXT } from '@farmaponte/shared/ui-text';
import { OWNER_TEXT } from '@farmaponte/shared/ui-text-owner';
import { useRef, useState } from 'react';
import { AdminListPage, ListFilterBox } from '../../../components/admin-list-page';
import { SelectField } from '../../../components/ui/field';
import { useListFilters } from '../../../lib/use-list-filters';
import { useVerifications } from '../api/get-verifications';
import { RejectDialog } from '../components/reject-dialog';
import { VerificationCard } from '../components/verification-card';

const ROLES: readonly TVerifiedRole[] = ['titolare', 'farmacista'];
const STATUSES: readonly TVerificationStatus[] = ['pending', 'verified', 'rejected'];
/** The queue as it opens: every role, waiting. Kept in the page's state, not in the address. */
const QUEUE: { role: TVerifiedRole | ''; status: TVerificationStatus } = { role: '', status: 'pending' };

export function VerificationsPage() {
  const list = useListFilters(QUEUE);
  const { filters, setFilter } = list;
  // Requests decided meanwhile (here or by another admin) can leave the page past the end: the frame goes to the last one.
  const query = useVerifications({ ...filters, page: list.page });

  const [rejecting, setRejecting] = useState<TVerificationRow | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const lastButton = useRef<HTMLElement | null>(null);

  return (
    <AdminListPage
      title={OWNER_TEXT.verificationsTitle}
      intro={OWNER_TEXT.verificationsIntro}
      filters={
        <ListFilterBox className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <SelectField
            label={OWNER_TEXT.verificationsRoleLabel}
            value={filters.role}
            onChange={(event) => setFilter('role', event.target.value as TVerifiedRole | '')}
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
            value={filters.status}
            onChange={(event) => setFilter('status', event.target.value as TVerificationStatus)}
          >
            {STATUSES.map((value) => (
              <option key={value} value={value}>
                {OWNER_TEXT.verificationStatusNames[value]}
              </option>
            ))}
          </SelectField>
        </ListFilterBox>
      }
      list={list}
      query={query}
      pageSize={LIMITS.usersPageSize}
      status={(answer) =>
        [
          OWNER_TEXT.verificationsCount(answer.count),
          filters.status === 'pending' && answer.late > 0 ? OWNER_TEXT.verificationsLateCount(answer.late) : '',
        ]
          .filter(Boolean)
          .join(' · ')
      }
      empty={list.filtered ? OWNER_TEXT.verificationsEmpty : OWNER_TEXT.verificationsEmptyPending}
      renderResults={(requests, busy) => (
        <ul className="flex flex-col gap-4" aria-busy={busy}>
          {requests.map((request) => (
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
      dialogs={<RejectDialog request={rejecting} open={dialogOpen} onOpenChange={setDialogOpen} returnFocusRef={lastButton} />}
    />
  );
}
