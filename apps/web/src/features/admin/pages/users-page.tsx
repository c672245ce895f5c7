/**
 * /utenti (docs/product.md#admin-users, admin only): 'Elenco Utenti' with search, role filter, 20 rows a page from the server and the
 * true total (the original client's "length minus 4" was a defect, decision 012); a row opens the user's details.
 */
import type { TRole, TUserRow } from '@farmaponte/shared';
import { LIMITS } from '@farmaponte/shared/limits';
import { UI_TEXT } from '@farmaponte/shared/ui-text';
import { ADMIN_TEXT } from '@farmaponte/shared/ui-text-admin';
import { useRef, useState } from 'react';
import { SearchField, SelectField } from '../../../components/ui/field';
import { QueryLoadError } from '../../../components/ui/load-error';
import { Pager } from '../../../components/ui/pager';
import { Spinner, SpinnerIcon } from '../../../components/ui/spinner';
import { TextLink } from '../../../components/ui/text-link';
import { pageTitle } from '../../../lib/page-title';
import { PATHS } from '../../../lib/paths';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useFilteredPages, usePageCount } from '../../../lib/use-filtered-pages';
import { useUsers } from '../api/get-users';
import { CardTable, PhoneLabel, ROLE } from '../components/card-table';
import { RoleBadge } from '../components/role-badge';
import { UserDetailsDialog } from '../components/user-details-dialog';

const SEARCH_DELAY_MS = 300;
/** The filter's roles: the two that register, plus the admins. */
const ROLE_OPTIONS: readonly TRole[] = ['farmacista', 'titolare', 'admin'];

export function UsersPage() {
  const [text, setText] = useState('');
  const [role, setRole] = useState<TRole | ''>('');
  const search = useDebouncedValue(text.trim(), SEARCH_DELAY_MS);
  // A new search or role starts again from page 1.
  const filterKey = `${search}\u0000${role}`;
  const { page, setPage } = useFilteredPages(filterKey);

  const query = useUsers({ search, role, page });
  const count = query.data?.count ?? 0;
  // Users deleted meanwhile can leave the page past the end: go to the last one.
  const pages = usePageCount(page, setPage, query.data && { count, settled: !query.isPlaceholderData }, LIMITS.usersPageSize);

  const [selected, setSelected] = useState<TUserRow | null>(null);
  const [open, setOpen] = useState(false);
  const lastButton = useRef<HTMLElement | null>(null);
  const openDetails = (user: TUserRow, button: HTMLElement | null) => {
    lastButton.current = button;
    setSelected(user);
    setOpen(true);
  };

  const busy = query.isFetching || search !== text.trim();

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-6 sm:py-10">
      <title>{pageTitle(ADMIN_TEXT.usersTitle)}</title>
      <TextLink to={PATHS.home} className="inline-flex min-h-11 items-center gap-1 text-base">
        <span aria-hidden="true">←</span> {UI_TEXT.backHome}
      </TextLink>
      <h1 className="mt-2 text-2xl font-bold text-slate-900 sm:text-3xl">{ADMIN_TEXT.usersTitle}</h1>
      <p className="mt-2 text-base text-slate-700">{ADMIN_TEXT.usersIntro}</p>

      <search className="mt-6 grid grid-cols-1 gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-[2fr_1fr] sm:p-6">
        <SearchField
          label={ADMIN_TEXT.usersSearchLabel}
          placeholder={ADMIN_TEXT.usersSearchPlaceholder}
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
        <SelectField
          label={ADMIN_TEXT.usersRoleLabel}
          value={role}
          onChange={(event) => setRole(event.target.value as TRole | '')}
        >
          <option value="">{ADMIN_TEXT.allRoles}</option>
          {ROLE_OPTIONS.map((value) => (
            <option key={value} value={value}>
              {UI_TEXT.roleNames[value]}
            </option>
          ))}
        </SelectField>
      </search>

      <div className="mt-6 flex min-h-6 items-center gap-2 text-sm text-slate-700">
        <p role="status" className="font-medium">
          {query.data ? ADMIN_TEXT.usersCount(count) : ''}
        </p>
        {busy && query.data ? <SpinnerIcon className="text-emerald-700" /> : null}
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
            {ADMIN_TEXT.usersEmpty}
          </p>
        ) : (
          <UsersTable users={query.data.results} busy={busy} onOpen={openDetails} />
        )}
      </div>

      {query.data ? <Pager page={page} pages={pages} loading={query.isPlaceholderData} onPage={setPage} /> : null}

      {selected ? <UserDetailsDialog user={selected} open={open} onOpenChange={setOpen} returnFocusRef={lastButton} /> : null}
    </div>
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
