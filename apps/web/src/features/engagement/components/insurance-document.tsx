/**
 * The insurance policy's PDF in the professional file (decision 093): its name and size when stored, 'Scarica' and
 * 'Elimina' (asked first); a PDF-only input, checked (type, 5 MB) before it is sent, that stores one or replaces it.
 */
import { LIMITS } from '@farmaponte/shared/limits';
import { MESSAGES } from '@farmaponte/shared/messages';
import { UI_TEXT } from '@farmaponte/shared/ui-text';
import { ENGAGEMENT_TEXT as T } from '@farmaponte/shared/ui-text-engagement';
import { useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { PdfFileField } from '../../../components/ui/pdf-file-field';
import type { TProfessionalFile } from '../../../lib/api/engagement';
import { errorMessage, notify } from '../../../lib/notify';
import { downloadInsuranceDocument, useDeleteInsuranceDocument, useUploadInsuranceDocument } from '../api/professional-file';

export function documentProblem(file: { type: string; size: number } | null | undefined): string | null {
  if (file?.type !== 'application/pdf') return T.insuranceDocumentNotPdf;
  if (file.size > LIMITS.cvMaxBytes) return T.insuranceDocumentTooBig;
  return null;
}

export function InsuranceDocument({ document }: { document: TProfessionalFile['insurance']['document'] }) {
  const upload = useUploadInsuranceDocument();
  const remove = useDeleteInsuranceDocument();
  const inputRef = useRef<HTMLInputElement>(null);
  const deleteButton = useRef<HTMLButtonElement>(null);
  const inputId = useId();
  const statusId = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const [fileName, setFileName] = useState('');
  const [askDelete, setAskDelete] = useState(false);
  const [downloading, setDownloading] = useState(false);

  function send() {
    const file = inputRef.current?.files?.[0] ?? null;
    const refused = documentProblem(file);
    if (refused || !file) {
      setProblem(refused);
      inputRef.current?.focus();
      return;
    }
    upload.mutate(file, {
      onSuccess: () => {
        notify.success(T.insuranceDocumentUploaded);
        setProblem(null);
        setFileName('');
        if (inputRef.current) inputRef.current.value = '';
      },
      onError: (failure) => setProblem(errorMessage(failure, MESSAGES.networkError)),
    });
  }

  async function download() {
    setDownloading(true);
    try {
      await downloadInsuranceDocument(document?.name ?? '');
    } catch (failure) {
      notify.error(errorMessage(failure, MESSAGES.loadFailed));
    } finally {
      setDownloading(false);
    }
  }

  return (
    <div className="flex flex-col gap-3 rounded-xl border border-slate-200 p-4">
      <h3 className="text-base font-semibold text-slate-900">{T.insuranceDocumentTitle}</h3>
      <p id={statusId} className="text-sm text-slate-800" data-testid="polizza-pdf">
        {document ? (
          <>
            <span className="break-all font-medium">{document.name}</span>{' '}
            <span className="text-slate-600">
              ({T.insuranceDocumentSize(String(Math.max(1, Math.round(document.size / 1024))))})
            </span>
          </>
        ) : (
          T.insuranceDocumentNone
        )}
      </p>
      {document ? (
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" loading={downloading} onClick={download} aria-describedby={statusId}>
            {T.insuranceDocumentDownload}
          </Button>
          <Button
            ref={deleteButton}
            variant="ghost"
            aria-haspopup="dialog"
            aria-describedby={statusId}
            onClick={() => setAskDelete(true)}
          >
            {T.insuranceDocumentDelete}
          </Button>
        </div>
      ) : null}
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <PdfFileField
          id={inputId}
          label={T.insuranceDocumentFileLabel}
          hint={T.insuranceDocumentHint}
          error={problem ?? undefined}
          describedBy={statusId}
          inputRef={inputRef}
          fileName={fileName}
          chooseLabel={T.chooseFile}
          noFileLabel={T.noFileChosen}
          onFileChange={(file) => {
            setProblem(null);
            setFileName(file?.name ?? '');
          }}
        />
        <Button onClick={send} loading={upload.isPending}>
          {document ? T.insuranceDocumentReplace : T.insuranceDocumentUpload}
        </Button>
      </div>
      <ConfirmDialog
        open={askDelete}
        onOpenChange={setAskDelete}
        title={T.insuranceDocumentDeleteTitle}
        description={T.insuranceDocumentDeleteText}
        confirmLabel={T.insuranceDocumentDelete}
        cancelLabel={UI_TEXT.cancel}
        busy={remove.isPending}
        returnFocusRef={deleteButton}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => {
              notify.success(T.insuranceDocumentDeleted);
              setAskDelete(false);
            },
            onError: (failure) => notify.error(errorMessage(failure, MESSAGES.loadFailed)),
          })
        }
      />
    </div>
  );
}
