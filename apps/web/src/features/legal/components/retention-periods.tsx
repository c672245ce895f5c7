/**
 * The privacy page's periods (decision 068), with the server's configured values. While they load, or when they cannot
 * be read, the page says the defaults: it reads the same, and the numbers change only where an operator changed them.
 */
import { INVOICE_RETENTION } from '@farmaponte/shared/invoice-rules';
import { PRIVACY_TEXT } from '@farmaponte/shared/ui-text-privacy';
import { DEFAULT_RETENTION_PERIODS, useRetentionPeriods } from '../api/retention';

export function RetentionPeriods() {
  const { data, isPending } = useRetentionPeriods();
  const p = data ?? DEFAULT_RETENTION_PERIODS;
  return (
    <ul aria-busy={isPending} data-testid="retention-periods">
      <li>
        I dati dell'account, il CV, le offerte e le candidature sono conservati finché l'account resta attivo e vengono cancellati
        immediatamente quando lo elimini.
      </li>
      <li>{PRIVACY_TEXT.periodsAccount(p.account_inactivity_months, p.warning_days)}</li>
      <li>{PRIVACY_TEXT.periodsCv(p.cv_months, p.warning_days)}</li>
      <li>{PRIVACY_TEXT.periodsContact(p.contact_days)}</li>
      <li>{PRIVACY_TEXT.periodsNotifications(p.read_notification_months)}</li>
      <li>{PRIVACY_TEXT.periodsMails(p.sent_mail_days)}</li>
      <li>{PRIVACY_TEXT.periodsAudit(p.audit_days)}</li>
      <li>{PRIVACY_TEXT.periodsInvoices(INVOICE_RETENTION[INVOICE_RETENTION.length - 1].years)}</li>
      <li>I link per il ripristino della password scadono dopo un'ora e non possono essere usati più di una volta.</li>
      <li>I dati di utilizzo (log) sono conservati per non più di 12 mesi, salvo che servano per accertare un abuso.</li>
      <li>I dati che la legge impone di conservare sono mantenuti per il tempo da essa previsto.</li>
    </ul>
  );
}
