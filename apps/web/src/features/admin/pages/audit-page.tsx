/**
 * /registro-attivita (admin only, decision 061): the admins' audit log, newest first, with its filters in the address
 * (so a filtered view can be shared and survives a reload), 20 entries a page, a table from tablet width up and cards
 * on phones, each entry's details in Italian words.
 */
import { AUDIT_ACTIONS, formatDateTime, type TAuditAction, type TAuditLogEntry, ZAuditQuerySchema } from '@farmaponte/shared';
import { LIMITS } from '@farmaponte/shared/limits';
import { UI_TEXT } from '@farmaponte/shared/ui-text';
import { ADMIN_TEXT } from '@farmaponte/shared/ui-text-admin';
import { type FormEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { SelectField, TextField } from '../../../components/ui/field';
import { QueryLoadError } from '../../../components/ui/load-error';
import { Pager } from '../../../components/ui/pager';
import { Spinner, SpinnerIcon } from '../../../components/ui/spinner';
import { TextLink } from '../../../components/ui/text-link';
import { pageTitle } from '../../../lib/page-title';
import { PATHS } from '../../../lib/paths';
import { type TAuditFilters, useAuditLog } from '../api/get-audit-log';
import { CardTable, PhoneLabel, ROLE } from '../components/card-table';
import { auditDetailLines } from '../lib/audit-text';

const FILTER_NAMES = ['actor', 'action', 'target_user', 'from', 'to'] as const;

function filtersOf(params: URLSearchParams): TAuditFilters {
  const action = params.get('action') ?? '';
  return {
    actor: params.get('actor') ?? '',
    action: (AUDIT_ACTIONS as readonly string[]).includes(action) ? (action as TAuditAction) : '',
    target_user: params.get('target_user') ?? '',
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
  };
}

export function AuditPage() {
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const query = useAuditLog(filters, page);
  const count = query.data?.count ?? 0;
  const pages = Math.max(1, Math.ceil(count / LIMITS.usersPageSize));
  const filtered = FILTER_NAMES.some((name) => filters[name]);

  const setPage = (next: number) =>
    setParams((current) => {
      const updated = new URLSearchParams(current);
      if (next > 1) updated.set('page', String(next));
      else updated.delete('page');
      return updated;
    });

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:py-10">
      <title>{pageTitle(ADMIN_TEXT.auditTitle)}</title>
      <TextLink to={PATHS.home} className="inline-flex min-h-11 items-center gap-1 text-base">
        <span aria-hidden="true">←</span> {UI_TEXT.backHome}
      </TextLink>
      <h1 className="mt-2 text-2xl font-bold text-slate-900 sm:text-3xl">{ADMIN_TEXT.auditTitle}</h1>
      <p className="mt-2 max-w-3xl text-base text-slate-700">{ADMIN_TEXT.auditIntro}</p>

      {/* Keyed by the address: going back or forward shows that view's filters in the form. */}
      <AuditFilterForm key={params.toString()} filters={filters} onApply={(next) => setParams(addressOf(next))} />

      <div className="mt-6 flex min-h-6 items-center gap-2 text-sm text-slate-700">
        <p role="status" className="font-medium">
          {query.data ? ADMIN_TEXT.auditCount(count) : ''}
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
            {filtered ? ADMIN_TEXT.auditEmptyFiltered : ADMIN_TEXT.auditEmpty}
          </p>
        ) : (
          <AuditTable entries={query.data.results} busy={query.isFetching} />
        )}
      </div>

      {query.data && count > LIMITS.usersPageSize ? (
        <Pager page={page} pages={pages} loading={query.isPlaceholderData} onPage={setPage} />
      ) : null}
    </div>
  );
}

/** The address of a set of filters, from page 1. */
function addressOf(filters: TAuditFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const name of FILTER_NAMES) if (filters[name].trim()) params.set(name, filters[name].trim());
  return params;
}

/** The filters, checked with the server's own schema before they go in the address. */
function AuditFilterForm({ filters, onApply }: { filters: TAuditFilters; onApply: (filters: TAuditFilters) => void }) {
  const [draft, setDraft] = useState(filters);
  const [errors, setErrors] = useState<Partial<Record<keyof TAuditFilters, string>>>({});
  const set = (name: keyof TAuditFilters) => (event: { target: { value: string } }) =>
    setDraft((current) => ({ ...current, [name]: event.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = ZAuditQuerySchema.safeParse(draft);
    if (!checked.success) {
      const found: Partial<Record<keyof TAuditFilters, string>> = {};
      for (const issue of checked.error.issues) {
        const name = issue.path[0] as keyof TAuditFilters;
        found[name] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    onApply(draft);
  };
  const reset = () => {
    setErrors({});
    onApply({ actor: '', action: '', target_user: '', from: '', to: '' });
  };

  return (
    <search className="mt-6 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <form aria-label={ADMIN_TEXT.auditFilters} onSubmit={submit} noValidate>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <TextField
            label={ADMIN_TEXT.auditActorLabel}
            value={draft.actor}
            onChange={set('actor')}
            error={errors.actor}
            autoComplete="off"
            spellCheck={false}
          />
          <SelectField label={ADMIN_TEXT.auditActionLabel} value={draft.action} onChange={set('action')} error={errors.action}>
            <option value="">{ADMIN_TEXT.auditAllActions}</option>
            {AUDIT_ACTIONS.map((action) => (
              <option key={action} value={action}>
                {ADMIN_TEXT.auditActions[action]}
              </option>
            ))}
          </SelectField>
          <TextField
            label={ADMIN_TEXT.auditTargetLabel}
            value={draft.target_user}
            onChange={set('target_user')}
            error={errors.target_user}
            autoComplete="off"
            spellCheck={false}
          />
          <TextField
            type="date"
            label={ADMIN_TEXT.auditFromLabel}
            value={draft.from}
            onChange={set('from')}
            error={errors.from}
          />
          <TextField type="date" label={ADMIN_TEXT.auditToLabel} value={draft.to} onChange={set('to')} error={errors.to} />
          <div className="flex flex-wrap items-end gap-3">
            <Button type="submit">{ADMIN_TEXT.auditApply}</Button>
            <Button type="button" variant="secondary" onClick={reset}>
              {ADMIN_TEXT.auditReset}
            </Button>
          </div>
        </div>
      </form>
    </search>
  );
}

function AuditTable({ entries, busy }: { entries: TAuditLogEntry[]; busy: boolean }) {
  const columns = [
    ADMIN_TEXT.auditColumnWhen,
    ADMIN_TEXT.auditColumnActor,
    ADMIN_TEXT.auditColumnAction,
    ADMIN_TEXT.auditColumnTarget,
    ADMIN_TEXT.auditColumnDetails,
  ].map((name) => ({ name }));
  return (
    // A table from tablet width up; on phones each entry is a card.
    <CardTable caption={ADMIN_TEXT.auditTableCaption} columns={columns} busy={busy}>
      {entries.map((entry) => (
        <AuditRow key={entry.id} entry={entry} />
      ))}
    </CardTable>
  );
}

function AuditRow({ entry }: { entry: TAuditLogEntry }) {
  const cell = 'block sm:table-cell sm:px-4 sm:py-3 sm:align-top';
  const details = auditDetailLines(entry);
  const target = entry.target_user;
  return (
    <tr
      role={ROLE.row}
      className="grid grid-cols-1 gap-y-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:table-row sm:rounded-none sm:border-0 sm:bg-transparent sm:p-0 sm:shadow-none"
    >
      <td role={ROLE.cell} className={`${cell} whitespace-nowrap tabular-nums text-slate-700`}>
        <PhoneLabel>{ADMIN_TEXT.auditColumnWhen}</PhoneLabel>
        <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
      </td>
      <td role={ROLE.cell} className={`${cell} [overflow-wrap:anywhere] text-slate-800`}>
        <PhoneLabel>{ADMIN_TEXT.auditColumnActor}</PhoneLabel>
        {entry.actor.id === null ? ADMIN_TEXT.auditCli : entry.actor.email}
        {entry.actor.id !== null ? (
          <span className="block text-xs text-slate-600">{ADMIN_TEXT.auditUserId(entry.actor.id)}</span>
        ) : null}
      </td>
      <td role={ROLE.cell} className={`${cell} font-semibold text-slate-900`}>
        <PhoneLabel>{ADMIN_TEXT.auditColumnAction}</PhoneLabel>
        {ADMIN_TEXT.auditActions[entry.action]}
      </td>
      <td role={ROLE.cell} className={`${cell} [overflow-wrap:anywhere] text-slate-800`}>
        <PhoneLabel>{ADMIN_TEXT.auditColumnTarget}</PhoneLabel>
        {target === null ? (
          <span className="text-slate-500">{UI_TEXT.notAvailable}</span>
        ) : target.email === null ? (
          ADMIN_TEXT.auditErasedUser(target.id)
        ) : (
          <>
            {target.email}
            <span className="block text-xs text-slate-600">{ADMIN_TEXT.auditUserId(target.id)}</span>
          </>
        )}
      </td>
      <td role={ROLE.cell} className={`${cell} text-slate-700`}>
        <PhoneLabel>{ADMIN_TEXT.auditColumnDetails}</PhoneLabel>
        {details.length ? (
          <ul className="space-y-0.5">
            {details.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        ) : (
          <span className="text-slate-500">{UI_TEXT.notAvailable}</span>
        )}
      </td>
    </tr>
  );
}
