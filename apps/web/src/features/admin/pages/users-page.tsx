/**
 * /utenti (docs/product.md#admin-users, admin only): 'Elenco Utenti' with search, role filter, 20 rows a page from the server and the
 * true total (the original client's "length minus 4" was a defect, decision 012); a row opens the user's details.
 */
import type { TRole, TUserRow } from '@farmaponte/shared';
import { LIMITS } from '@farmaponte/shared/limits';
import { UI_TEXT } from '@farmaponte/shared/ui-text';
import { ADMIN_TEXT } from '@farmaponte/shared/ui-text-admin';
import { useEffect, useRef, useState } from 'react';
import { AdminListPage, ListFilterBox } from '../../../components/admin-list-page';
import { SearchField, SelectField } from '../../../components/ui/field';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useListFilters } from '../../../lib/use-list-filters';
import { useUsers } from '../api/get-users';
import { CardTable, PhoneLabel, ROLE } from '../components/card-table';
import { RoleBadge } from '../components/role-badge';
import { UserDetailsDialog } from '../components/user-details-dialog';

const SEARCH_DELAY_MS = 300;
/** The filter's roles: the two that register, plus the admins. */
const ROLE_OPTIONS: readonly TRole[] = ['farmacista', 'titolare', 'admin'];
/** Kept in the page's state, not in the address. */
const NO_FILTERS: { search: string; role: TRole | '' } = { search: '', role: '' };

export function UsersPage() {
  const list = useListFilters(NO_FILTERS);
  const { filters, setFilter } = list;
  // The box's text is the search once typing pauses (a new search starts again from page 1).
  const [text, setText] = useState('');
  const search = useDebouncedValue(text.trim(), SEARCH_DELAY_MS);
  useEffect(() => setFilter('search', search), [search, setFilter]);

  const query = useUsers({ ...filters, page: list.page });

  const [selected, setSelected] = useState<TUserRow | null>(null);
  const [open, setOpen] = useState(false);
  const lastButton = useRef<HTMLElement | null>(null);
  const openDetails = (user: TUserRow, button: HTMLElement | null) => {
    lastButton.current = button;
    setSelected(user);
    setOpen(true);
  };

  return (
    <AdminListPage
      title={ADMIN_TEXT.usersTitle}
      intro={ADMIN_TEXT.usersIntro}
      filters={
        <ListFilterBox className="grid grid-cols-1 gap-4 sm:grid-cols-[2fr_1fr]">
          <SearchField
            label={ADMIN_TEXT.usersSearchLabel}
            placeholder={ADMIN_TEXT.usersSearchPlaceholder}
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
          <SelectField
            label={ADMIN_TEXT.usersRoleLabel}
            value={filters.role}
            onChange={(event) => setFilter('role', event.target.value as TRole | '')}
          >
            <option value="">{ADMIN_TEXT.allRoles}</option>
            {ROLE_OPTIONS.map((value) => (
              <option key={value} value={value}>
                {UI_TEXT.roleNames[value]}
              </option>
            ))}
          </SelectField>
        </ListFilterBox>
      }
      list={list}
      query={query}
      pageSize={LIMITS.usersPageSize}
      status={(answer) => ADMIN_TEXT.usersCount(answer.count)}
      // Busy from the first key typed, not only once the pause sends the search.
      busy={query.isFetching || filters.search !== text.trim()}
      empty={ADMIN_TEXT.usersEmpty}
      alwaysShowPager
      renderResults={(users, busy) => <UsersTable users={users} busy={busy} onOpen={openDetails} />}
      dialogs={
        selected ? <UserDetailsDialog user={selected} open={open} onOpenChange={setOpen} returnFocusRef={lastButton} /> : null
      }
    />
  );
}

function UsersTable({
  users,
  busy,
  onOpen,
}: {
  users: TUserRow[];
  busy: boolean;
  onOpen: (user: TUserRow, button: HTMLElement | null) => void;
}) {
  const columns = [
    { name: ADMIN_TEXT.columnId, className: 'w-16' },
    { name: ADMIN_TEXT.columnUsername },
    { name: ADMIN_TEXT.columnRole },
    { name: ADMIN_TEXT.columnPreferredRegion },
  ];
  return (
    // A table from tablet width up; on phones each row is a card.
    <CardTable caption={ADMIN_TEXT.usersTableCaption} columns={columns} busy={busy}>
      {users.map((user) => (
        <UserRow key={user.id} user={user} onOpen={onOpen} />
      ))}
    </CardTable>
  );
}

function UserRow({ user, onOpen }: { user: TUserRow; onOpen: (user: TUserRow, button: HTMLElement | null) => void }) {
  const button = useRef<HTMLButtonElement>(null);
  const cell = 'block sm:table-cell sm:px-4 sm:py-3 sm:align-top';
  return (
    // The whole row answers the mouse; the keyboard uses the username button in it.
    <tr
      role={ROLE.row}
      onClick={() => onOpen(user, button.current)}
      className="grid cursor-pointer grid-cols-2 gap-x-4 gap-y-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm transition-colors hover:bg-emerald-50 sm:table-row sm:rounded-none sm:border-0 sm:bg-transparent sm:p-0 sm:shadow-none"
    >
      <td role={ROLE.cell} className={`${cell} tabular-nums text-slate-700`}>
        <PhoneLabel>{ADMIN_TEXT.columnId}</PhoneLabel>
        {user.id}
      </td>
      <td role={ROLE.cell} className={`${cell} order-first col-span-2`}>
        <button
          ref={button}
          type="button"
          aria-haspopup="dialog"
          onClick={(event) => {
            event.stopPropagation();
            onOpen(user, event.currentTarget);
          }}
          className="rounded text-left font-semibold text-emerald-800 underline decoration-emerald-700/40 underline-offset-4 [overflow-wrap:anywhere] hover:decoration-emerald-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700"
        >
          {user.username}
        </button>
        {user.name || user.surname ? (
          <span className="block text-xs text-slate-600">{`${user.name} ${user.surname}`.trim()}</span>
        ) : null}
      </td>
      <td role={ROLE.cell} className={cell}>
        <PhoneLabel>{ADMIN_TEXT.columnRole}</PhoneLabel>
        <RoleBadge role={user.role} />
      </td>
      <td role={ROLE.cell} className={`${cell} col-span-2 text-slate-800`}>
        <PhoneLabel>{ADMIN_TEXT.columnPreferredRegion}</PhoneLabel>
        {user.preferredRegion || <span className="text-slate-500">{UI_TEXT.notAvailable}</span>}
      </td>
    </tr>
  );
}
