/**
 * Small pieces both invoices' pages use: the state's pill (the word is always written, colour is never the only signal),
 * 'Scarica XML' and 'Scarica PDF', the year to show, and the refusal that links her professional file.
 */
import type { TInvoice } from '@farmaponte/shared';
import { INVOICE_PAGES_TEXT as T } from '@farmaponte/shared/ui-text-invoice-pages';
import { Button } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/field';
import { BADGE_CLASSES, TONES } from '../../../components/ui/status-badge-look';
import { TextLink } from '../../../components/ui/text-link';
import { ApiError } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { errorMessage, notify } from '../../../lib/notify';
import { PATHS } from '../../../lib/paths';
import { useDownloadInvoice } from '../api/invoice-actions';
import { invoiceStateLabel, invoiceStateTone, yearOptions } from '../lib/invoice-view';

export function InvoiceStateBadge({ invoice }: { invoice: Pick<TInvoice, 'kind' | 'state' | 'paid_on' | 'due_on'> }) {
  return <span className={cn(BADGE_CLASSES, TONES[invoiceStateTone(invoice)])}>{invoiceStateLabel(invoice)}</span>;
}

/** The XML for the SdI and its PDF copy; each button names the invoice, for a list read by a screen reader. */
export function InvoiceDownloads({ invoice }: { invoice: Pick<TInvoice, 'id' | 'number' | 'file_name'> }) {
  const download = useDownloadInvoice();
  const pending = (format: 'xml' | 'pdf') => download.isPending && download.variables?.format === format;
  const get = (format: 'xml' | 'pdf') => () =>
    download.mutate({ invoice, format }, { onSuccess: () => notify.success(T.downloadDone) });
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" loading={pending('xml')} aria-label={T.downloadXmlOf(invoice.number)} onClick={get('xml')}>
          {pending('xml') ? T.downloading : T.downloadXml}
        </Button>
        <Button variant="secondary" loading={pending('pdf')} aria-label={T.downloadPdfOf(invoice.number)} onClick={get('pdf')}>
          {pending('pdf') ? T.downloading : T.downloadPdf}
        </Button>
      </div>
      <p role="alert" className="text-sm font-medium text-red-700 empty:hidden">
        {download.isError ? errorMessage(download.error, T.downloadFailed) : ''}
      </p>
    </div>
  );
}

export function YearSelect({ year, onChange }: { year: number; onChange: (year: number) => void }) {
  return (
    <SelectField
      label={T.yearLabel}
      value={String(year)}
      onChange={(event) => onChange(Number(event.target.value))}
      className="w-40"
    >
      {yearOptions(year).map((option) => (
        <option key={option} value={option}>
          {option}
        </option>
      ))}
    </SelectField>
  );
}

/** A refusal said in words; her professional file lacking what an invoice needs comes with the link to complete it. */
export function InvoiceRefusal({ error, fallback, className }: { error: unknown; fallback: string; className?: string }) {
  const incomplete = error instanceof ApiError && error.code === 'professional_file_incomplete';
  return (
    <div role="alert" className={cn('rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-800', className)}>
      <p>{errorMessage(error, fallback)}</p>
      {incomplete ? (
        <TextLink to={PATHS.professionalFile} className="mt-2 inline-flex min-h-11 items-center text-base">
          {T.fileLink}
        </TextLink>
      ) : null}
    </div>
  );
}

/** A dialog's two buttons: cancel (off while the work runs), then the one that does it, spinning meanwhile. */
export function DialogButtons({
  busy,
  onCancel,
  confirm,
  busyLabel,
  onConfirm,
}: {
  busy: boolean;
  onCancel: () => void;
  confirm: string;
  busyLabel: string;
  /** Left out, the confirming button submits the form it is in. */
  onConfirm?: () => void;
}) {
  return (
    <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
      <Button variant="secondary" disabled={busy} onClick={onCancel}>
        {T.cancel}
      </Button>
      <Button type={onConfirm ? 'button' : 'submit'} loading={busy} onClick={onConfirm}>
        {busy ? busyLabel : confirm}
      </Button>
    </div>
  );
}
