/** An audit log entry's details in Italian words (decision 061), not as JSON: one short line each. */
import type { TAuditLogEntry, TRole } from '@farmaponte/shared';
import { UI_TEXT } from '@farmaponte/shared/ui-text';
import { ADMIN_TEXT } from '@farmaponte/shared/ui-text-admin';
import { formatCoordinate, formatCount } from './format';

const num = (value: unknown) => (typeof value === 'number' ? value : null);
const text = (value: unknown) => (typeof value === 'string' ? value : '');

function position(lat: unknown, lng: unknown): string {
  const a = num(lat);
  const b = num(lng);
  if (a === null || b === null) return ADMIN_TEXT.auditDetailNoPosition;
  return `${formatCoordinate(a, '')}, ${formatCoordinate(b, '')}`;
}

/** Keys a line of their own already tells, per action; the rest are listed plainly. */
const TOLD = new Set([
  'role',
  'reason',
  'note',
  'old_lat',
  'old_lng',
  'new_lat',
  'new_lng',
  'read',
  'imported',
  'updated',
  'skipped',
  'complete',
  'action',
  'target',
  'alsoResolved',
  'offersClosed',
  'reportsResolved',
  'search',
  'status',
  'page',
  'shown',
]);

/** A report's target as the log keeps it (`offer:8`), in words: "offerta n. 8". */
function reportTarget(value: string): string {
  const [kind = '', id = ''] = value.split(':');
  return `${ADMIN_TEXT.auditDetailTargetNames[kind] ?? kind} n. ${id}`;
}

export function auditDetailLines(entry: Pick<TAuditLogEntry, 'action' | 'details'>): string[] {
  const d = entry.details;
  const lines: string[] = [];
  const role = text(d.role);
  if (role) lines.push(ADMIN_TEXT.auditDetailRole(UI_TEXT.roleNames[role as TRole] ?? role));
  if (text(d.reason)) lines.push(ADMIN_TEXT.auditDetailReason(text(d.reason)));
  if (text(d.note)) lines.push(ADMIN_TEXT.auditDetailNote(text(d.note)));
  if (entry.action === 'pharmacy.set_coordinates')
    lines.push(ADMIN_TEXT.auditDetailMoved(position(d.old_lat, d.old_lng), position(d.new_lat, d.new_lng)));
  if (entry.action === 'registry.import') {
    const count = (value: unknown) => formatCount(num(value) ?? 0);
    lines.push(ADMIN_TEXT.auditDetailImport(count(d.read), count(d.imported), count(d.updated), count(d.skipped)));
    if (d.complete === false) lines.push(ADMIN_TEXT.auditDetailIncomplete);
  }
  if (entry.action === 'report.resolve') {
    const outcome = text(d.action);
    if (outcome) lines.push(ADMIN_TEXT.auditDetailOutcome(ADMIN_TEXT.auditDetailOutcomes[outcome] ?? outcome));
    if (text(d.target)) lines.push(ADMIN_TEXT.auditDetailTarget(reportTarget(text(d.target))));
    const others = Array.isArray(d.alsoResolved) ? d.alsoResolved.length : 0;
    if (others > 0) lines.push(ADMIN_TEXT.auditDetailAlsoResolved(others));
  }
  const reportsResolved = Array.isArray(d.reportsResolved) ? d.reportsResolved.length : 0;
  if (entry.action === 'review.hide' && reportsResolved > 0)
    lines.push(ADMIN_TEXT.auditDetailReviewReportsResolved(reportsResolved));
  if (entry.action === 'user.suspend' && num(d.offersClosed))
    lines.push(ADMIN_TEXT.auditDetailOffersClosed(num(d.offersClosed) ?? 0));
  if (entry.action === 'owners.list' || entry.action === 'verifications.list' || entry.action === 'reports.list') {
    if (text(d.search)) lines.push(ADMIN_TEXT.auditDetailSearch(text(d.search)));
    if (text(d.status))
      lines.push(ADMIN_TEXT.auditDetailStatus(ADMIN_TEXT.auditDetailStatusNames[text(d.status)] ?? text(d.status)));
    if (num(d.page) !== null) lines.push(ADMIN_TEXT.auditDetailPage(formatCount(num(d.page) ?? 1)));
    const shown = num(d.shown) ?? 0;
    lines.push(ADMIN_TEXT.auditDetailShown(formatCount(shown), shown === 1));
  }
  // Whatever else an action keeps (a later one's fields): its name and plain value, never an object's JSON.
  for (const [name, value] of Object.entries(d))
    if (!TOLD.has(name) && (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'))
      lines.push(ADMIN_TEXT.auditDetailOther(name.replaceAll('_', ' '), String(value)));
  return lines;
}
