/**
 * The CV upload dialog (docs/product.md#dialogs): the current CV's link, a PDF-only file input and 'Carica CV'. The file is
 * checked (type, 5 MB) before anything is sent; after the upload the link points to the new CV. A problem is said
 * once as a toast and stays under the file field until another file is chosen.
 */
import { MESSAGES } from '@farmaponte/shared/messages';
import { UI_TEXT } from '@farmaponte/shared/ui-text';
import { useQuery } from '@tanstack/react-query';
import { type ChangeEvent, type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { describedBy, Field } from '../../../components/ui/field';
import type { TLazyDialogProps } from '../../../components/ui/lazy-dialog-button';
import { Spinner } from '../../../components/ui/spinner';
import { textLinkClasses } from '../../../components/ui/text-link';
import { userDetailsQueryOptions } from '../../../lib/api/get-user-details';
import { ApiError } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { errorMessage, notify } from '../../../lib/notify';
import { useUploadCv } from '../api/upload-cv';
import { cvFileProblem, readAsBase64 } from '../lib/read-pdf';

/** The dialog itself, loaded on first opening (see cv-dialog.tsx). */
export default function CvDialogContent({
  open,
  onOpenChange,
  returnFocusRef,
  notice,
}: TLazyDialogProps & {
  /** Why the dialog opened by itself (e.g. 'Manda CV' without a CV), read before the intro. */
  notice?: string;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={UI_TEXT.cvDialogTitle}
      description={
        notice ? (
          <>
            <span className="mb-2 block rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-base font-semibold text-amber-900">
              {notice}
            </span>
            {UI_TEXT.cvDialogIntro}
          </>
        ) : (
          UI_TEXT.cvDialogIntro
        )
      }
      returnFocusRef={returnFocusRef}
    >
      {/* Mounted only while open: every opening fetches a fresh link (links are signed and expire). */}
      {open ? <CvForm /> : null}
    </Dialog>
  );
}

function CvForm() {
  const details = useQuery({ ...userDetailsQueryOptions(), staleTime: 0, refetchOnMount: 'always' });
  const upload = useUploadCv();
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  /** What is wrong with the chosen file (or the lack of one), shown under the field. */
  const [problem, setProblem] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const busy = reading || upload.isPending;

  useEffect(() => {
    // Details load error: a toast.
    if (details.error) notify.error(errorMessage(details.error, MESSAGES.loadFailed));
  }, [details.error]);

  /** One toast per problem: pressing 'Carica CV' again after a refused file does not repeat it. */
  function refuse(message: string, { keepFile = false } = {}) {
    if (message !== problem) notify.error(message);
    setProblem(message);
    if (!keepFile) {
      setFile(null);
      if (inputRef.current) inputRef.current.value = '';
    }
    inputRef.current?.focus();
  }

  function onFileChange(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0] ?? null;
    const refused = chosen ? cvFileProblem(chosen) : null;
    if (refused) return refuse(refused);
    setProblem(null);
    setFile(chosen);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (!file) return refuse(problem ?? UI_TEXT.cvChooseFile);
    let pdf: string;
    setReading(true);
    try {
      pdf = await readAsBase64(file);
    } catch (error) {
      // File read failure: the error itself, e.g. the file was moved after it was chosen.
      return refuse(UI_TEXT.cvReadFailedPrefix + (error instanceof Error ? error.message : String(error)));
    } finally {
      setReading(false);
    }
    upload.mutate(
      { pdf_file: pdf },
      {
        onSuccess: () => {
          notify.success(MESSAGES.cvUploaded);
          setProblem(null);
          setFile(null);
          if (inputRef.current) inputRef.current.value = '';
        },
        // The server refused the file (not a real PDF): choose another; no answer at all: the same file may be retried.
        onError: (error) =>
          refuse(MESSAGES.uploadFailedPrefix + errorMessage(error, MESSAGES.networkError), {
            keepFile: !(error instanceof ApiError && error.status >= 400 && error.status < 500),
          }),
      },
    );
  }

  const cvUrl = details.data?.profile.pdf_file ?? null;
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
      <div className="flex min-h-11 items-center rounded-lg border border-slate-200 bg-slate-50 px-4 py-3 text-sm">
        {details.isPending ? (
          <Spinner size="sm" />
        ) : cvUrl ? (
          // Keyed by the link: after an upload the new CV's link replaces the old one.
          <a
            key={cvUrl}
            href={cvUrl}
            target="_blank"
            rel="noopener noreferrer"
            className={cn(textLinkClasses, 'inline-flex items-center gap-2 text-base')}
          >
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              className="size-5 shrink-0"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            >
              <path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8z" strokeLinejoin="round" />
              <path d="M14 3v5h5M12 12v6m-3-3 3 3 3-3" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
            {UI_TEXT.cvDownloadLink}
            <span className="sr-only"> {UI_TEXT.opensInNewTab}</span>
          </a>
        ) : (
          <p className="text-slate-700">{UI_TEXT.cvNone}</p>
        )}
      </div>

      <Field id={inputId} label={UI_TEXT.cvFileLabel} hint={UI_TEXT.cvFileHint} error={problem ?? undefined}>
        {/* The browser's own file button speaks the browser's language: this one is Italian. The real input stays
            focusable (Space/Enter opens the picker) and named by the field's label. */}
        {/* biome-ignore lint/a11y/noStaticElementInteractions lint/a11y/useKeyWithClickEvents: a bigger click target for the input inside, which has the keyboard */}
        <div
          onClick={(event) => {
            if (event.target !== inputRef.current && !busy) inputRef.current?.click();
          }}
          className={cn(
            'flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border bg-white p-1 pr-3',
            'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-0 has-[:focus-visible]:outline-emerald-700',
            problem ? 'border-red-700' : 'border-slate-400',
            busy && 'cursor-not-allowed opacity-60',
          )}
        >
          <input
            ref={inputRef}
            id={inputId}
            name="pdf_file"
            type="file"
            accept="application/pdf"
            disabled={busy}
            onChange={onFileChange}
            aria-invalid={problem ? true : undefined}
            aria-describedby={describedBy(inputId, UI_TEXT.cvFileHint, problem ?? undefined)}
            className="sr-only"
          />
          <span
            aria-hidden="true"
            className="inline-flex min-h-9 shrink-0 items-center rounded-md bg-emerald-50 px-3 text-sm font-semibold text-emerald-800 hover:bg-emerald-100"
          >
            {UI_TEXT.cvChooseFileButton}
          </span>
          <span aria-hidden="true" className={cn('min-w-0 truncate text-sm', file ? 'text-slate-900' : 'text-slate-600')}>
            {file ? file.name : UI_TEXT.cvNoFileChosen}
          </span>
        </div>
      </Field>

      <div className="flex flex-col-reverse items-stretch gap-3 sm:flex-row sm:items-center sm:justify-end">
        {busy ? (
          <p role="status" className="text-center text-sm text-slate-700 sm:text-left">
            {UI_TEXT.cvUploading}
          </p>
        ) : null}
        <Button type="submit" size="lg" loading={busy} className="w-full sm:w-auto">
          {UI_TEXT.cvUploadButton}
        </Button>
      </div>
    </form>
  );
}
