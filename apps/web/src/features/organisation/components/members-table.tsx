/**
 * The staff as a table: person, e-mail, role, pharmacies, and 'Modifica' and 'Rimuovi' beside everyone but oneself.
 * On a phone each row stacks as a card, each value with its column's name written before it.
 */
import type { TMember, TOrganisationPharmacy } from '@farmaponte/shared/organisation';
import { ORGANISATION_TEXT as T } from '@farmaponte/shared/ui-text-organisation';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { BADGE_CLASSES, TONES } from '../../../components/ui/status-badge-look';
import { cn } from '../../../lib/cn';
import { RoleBadge } from './badges';

/** The names of the pharmacies a person acts for: 'Tutte' for a titolare. */
export function pharmacyNames(
  role: TMember['role'],
  ids: readonly number[],
  pharmacies: readonly Pick<TOrganisationPharmacy, 'id' | 'name'>[],
): string {
  if (role === 'titolare') return T.everyPharmacy;
  return ids.map((id) => pharmacies.find((p) => p.id === id)?.name ?? `#${id}`).join(', ');
}

const CELL = 'px-3 py-3 align-top max-sm:block max-sm:px-0 max-sm:py-1';
const HEAD = 'px-3 py-2 text-xs font-semibold uppercase tracking-wide text-slate-600';

/** The column's name written before the value on a phone, where the header row is out of sight. */
function PhoneLabel({ children }: { children: ReactNode }) {
  return (
    <span aria-hidden="true" className="block text-xs font-medium text-slate-600 sm:hidden">
      {children}
    </span>
  );
}

export function MembersTable({
  members,
  pharmacies,
  myId,
  onEdit,
  onRemove,
}: {
  members: readonly TMember[];
  pharmacies: readonly Pick<TOrganisationPharmacy, 'id' | 'name'>[];
  myId: number | undefined;
  onEdit: (member: TMember, button: HTMLButtonElement) => void;
  onRemove: (member: TMember, button: HTMLButtonElement) => void;
}) {
  return (
    <table className="w-full border-collapse text-left text-sm max-sm:block">
      <caption className="sr-only">{T.membersTitle}</caption>
      <thead className="max-sm:sr-only">
        <tr className="border-b border-slate-200">
          {[T.columnPerson, T.columnEmail, T.columnRole, T.columnPharmacies].map((column) => (
            <th key={column} scope="col" className={HEAD}>
              {column}
            </th>
          ))}
          <th scope="col" className={HEAD}>
            <span className="sr-only">{T.columnActions}</span>
          </th>
        </tr>
      </thead>
      <tbody className="max-sm:flex max-sm:flex-col max-sm:gap-3">
        {members.map((member) => {
          const me = member.user_id === myId;
          const name = member.name || member.email;
          return (
            <tr
              key={member.user_id}
              className="border-b border-slate-200 max-sm:block max-sm:rounded-xl max-sm:border max-sm:bg-slate-50/60 max-sm:p-4"
            >
              <th scope="row" className={cn(CELL, 'font-semibold text-slate-900')}>
                <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
                  <span className="break-words">{member.name || '—'}</span>
                  {me ? <span className={cn(BADGE_CLASSES, TONES.info)}>{T.you}</span> : null}
                </span>
              </th>
              <td className={cn(CELL, 'text-slate-800 [overflow-wrap:anywhere]')}>
                <PhoneLabel>{T.columnEmail}</PhoneLabel>
                {member.email}
              </td>
              <td className={CELL}>
                <PhoneLabel>{T.columnRole}</PhoneLabel>
                <RoleBadge role={member.role} />
              </td>
              <td className={cn(CELL, 'break-words text-slate-800')}>
                <PhoneLabel>{T.columnPharmacies}</PhoneLabel>
                {pharmacyNames(member.role, member.pharmacy_ids, pharmacies)}
              </td>
              <td className={cn(CELL, me ? 'max-sm:hidden' : 'max-sm:pt-3')}>
                {me ? null : (
                  <div className="flex flex-wrap gap-2 sm:justify-end">
                    <Button
                      variant="secondary"
                      aria-haspopup="dialog"
                      aria-label={T.editMemberLabel(name)}
                      onClick={(event) => onEdit(member, event.currentTarget)}
                    >
                      {T.editMember}
                    </Button>
                    <Button
                      variant="ghost"
                      aria-haspopup="dialog"
                      aria-label={T.removeMemberLabel(name)}
                      className="text-red-800 hover:bg-red-50 hover:text-red-900"
                      onClick={(event) => onRemove(member, event.currentTarget)}
                    >
                      {T.removeMember}
                    </Button>
                  </div>
                )}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
