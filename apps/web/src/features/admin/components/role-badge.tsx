import type { TRole } from '@farmaponte/shared';
import { UI_TEXT } from '@farmaponte/shared/ui-text';
import { cn } from '../../../lib/cn';

const COLOURS: Record<TRole, string> = {
  farmacista: 'bg-sky-50 text-sky-800 ring-sky-200',
  titolare: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  admin: 'bg-amber-50 text-amber-900 ring-amber-200',
};

/** The role by its name ('Farmacista', 'Titolare', 'Amministratore'), tinted so the column scans quickly. */
export function RoleBadge({ role }: { role: TRole }) {
  return (
    <span className={cn('inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset', COLOURS[role])}>
      {UI_TEXT.roleNames[role]}
    </span>
  );
}
