/**
 * /registro-attivita (admin only, decision 061): the admins' audit log, newest first, with its filters in the address
 * (so a filtered view can be shared and survives a reload), 20 entries a page, a table from tablet width up and cards
 * on phones, each entry's details in Italian words.
 */
import { AUDIT_ACTIONS, formatDateTime, type TAuditLogEntry, ZAuditQuerySchema } from '@farmaponte/shared';
import { LIMITS } from '@farmaponte/shared/limits';
import { UI_TEXT } from '@farmaponte/shared/ui-text';
import { ADMIN_TEXT } from '@farmaponte/shared/ui-text-admin';
import { type FormEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import { AdminListPage, ListFilterBox } from '../../../components/admin-list-page';
import { Button } from '../../../components/ui/button';
import { SelectField, TextField } from '../../../components/ui/field';
import { useListFilters } from '../../../lib/use-list-filters';
import { type TAuditFilters, useAuditLog } from '../api/get-audit-log';
import { CardTable, PhoneLabel, ROLE } from '../components/card-table';
import { auditDetailLines } from '../lib/audit-text';

/** Every entry; the order of the names is the order of the address's parameters. */
const NO_FILTERS: TAuditFilters = { actor: '', action: '', target_user: '', from: '', to: '' };
/** An action the log does not know reads as every action. */
const knownAction = (name: keyof TAuditFilters, value: string) =>
  name !== 'action' || (AUDIT_ACTIONS as readonly string[]).includes(value);

export function AuditPage() {
  const list = useListFilters(NO_FILTERS, { inAddress: true, accepts: knownAction });
  const query = useAuditLog(list.filters, list.page);
  // The form is keyed by the address: going back or forward shows that view's filters in it.
  const [params] = useSearchParams();

  return (
    <AdminListPage
      title={ADMIN_TEXT.auditTitle}
      intro={ADMIN_TEXT.auditIntro}
      wide
      filters={<AuditFilterForm key={params.toString()} filters={list.filters} onApply={list.setFilters} />}
      list={list}
      query={query}
      pageSize={LIMITS.usersPageSize}
      status={(answer) => ADMIN_TEXT.auditCount(answer.count)}
      empty={list.filtered ? ADMIN_TEXT.auditEmptyFiltered : ADMIN_TEXT.auditEmpty}
      renderResults={(entries, busy) => <AuditTable entries={entries} busy={busy} />}
    />
  );
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
    onApply(NO_FILTERS);
  };

  return (
    <ListFilterBox>
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
    </ListFilterBox>
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
