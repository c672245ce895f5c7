/**
 * 'Emetti fattura' (decision 095), in two steps: the dialog opens on the preview the server computes (nothing stored),
 * 'Emetti' issues it; the dialog then says the number, gives the XML and the PDF, and reminds her that the platform
 * does not send anything to the SdI. A refusal (her file incomplete, the client's data missing) is said in the dialog.
 */

import type { TInvoice } from '@farmaponte/shared';
import { INVOICE_PAGES_TEXT as T } from '@farmaponte/shared/ui-text-invoice-pages';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { useInvoicePreview } from '../api/get-invoices';
import { useIssueInvoice } from '../api/invoice-actions';
import { DialogButtons, InvoiceDownloads, InvoiceRefusal } from './invoice-bits';
import { InvoicePreviewView } from './invoice-preview';

export interface TIssueAsked {
  applicationIds: number[];
  /** The group's name, 'Farmacia X, giugno 2030', said under the title. */
  label: string;
}

export function IssueDialog({
  asked,
  onClose,
  returnFocusRef,
}: {
  asked: TIssueAsked | null;
  onClose: () => void;
  returnFocusRef: RefObject<HTMLElement | null>;
}) {
  const [issued, setIssued] = useState<{ invoice: TInvoice; message: string } | null>(null);
  const close = () => {
    setIssued(null);
    onClose();
  };
  return (
    <Dialog
      open={asked !== null}
      onOpenChange={(open) => (open ? undefined : close())}
      title={issued ? T.issuedTitle(issued.invoice.number) : T.previewTitle}
      description={asked?.label}
      returnFocusRef={returnFocusRef}
    >
      {/* Said once the invoice is issued: the dialog's content changes under the focus. */}
      <p role="status" className="sr-only">
        {issued?.message ?? ''}
      </p>
      {issued ? (
        <Issued invoice={issued.invoice} message={issued.message} onClose={close} />
      ) : asked ? (
        <Preview applicationIds={asked.applicationIds} onIssued={setIssued} onCancel={close} />
      ) : null}
    </Dialog>
  );
}

function Preview({
  applicationIds,
  onIssued,
  onCancel,
}: {
  applicationIds: number[];
  onIssued: (issued: { invoice: TInvoice; message: string }) => void;
  onCancel: () => void;
}) {
  const preview = useInvoicePreview(applicationIds);
  const issue = useIssueInvoice();
  if (preview.isPending) return <Spinner label={T.previewLoading} className="w-full py-8" />;
  if (preview.isError)
    return (
      <div className="flex flex-col gap-4">
        <InvoiceRefusal error={preview.error} fallback={T.previewFailed} />
        <Button variant="secondary" onClick={onCancel}>
          {T.close}
        </Button>
      </div>
    );
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-slate-700">{T.previewIntro}</p>
      <InvoicePreviewView preview={preview.data} />
      {issue.isError ? <InvoiceRefusal error={issue.error} fallback={T.actionFailed} /> : null}
      <DialogButtons
        busy={issue.isPending}
        onCancel={onCancel}
        confirm={T.issue}
        busyLabel={T.issuing}
        onConfirm={() => issue.mutate(applicationIds, { onSuccess: onIssued })}
      />
    </div>
  );
}

function Issued({ invoice, message, onClose }: { invoice: TInvoice; message: string; onClose: () => void }) {
  const headingRef = useRef<HTMLParagraphElement>(null);
  // The button pressed is gone: the focus goes to what happened.
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <div className="flex flex-col gap-4">
      <p ref={headingRef} tabIndex={-1} className="text-base font-medium text-emerald-900 focus-visible:outline-none">
        {message}
      </p>
      <p className="rounded-xl border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950">{T.sdiReminder}</p>
      <InvoiceDownloads invoice={invoice} />
      <Button variant="secondary" onClick={onClose}>
        {T.close}
      </Button>
    </div>
  );
}
