/**
 * The owner's document for the admin, on the profile while they are not verified (decision 049): when the stored one
 * was uploaded, and a PDF-only file input that stores a new one in its place. Checked (type, 5 MB) before it is sent.
 */

import { formatDateTime } from '@farmaponte/shared/dates';
import { LIMITS } from '@farmaponte/shared/limits';
import { MESSAGES } from '@farmaponte/shared/messages';
import { OWNER_TEXT } from '@farmaponte/shared/ui-text-owner';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { describedBy, Field } from '../../../components/ui/field';
import { useUserDetails } from '../../../lib/api/get-user-details';
import { errorMessage, notify } from '../../../lib/notify';
import { useUploadVerificationDocument } from '../api/upload-verification-document';

function fileProblem(file: File | null): string | null {
  if (!file) return MESSAGES.invalidPdf;
  if (file.type !== 'application/pdf') return MESSAGES.invalidPdf;
  if (file.size > LIMITS.cvMaxBytes) return MESSAGES.verificationDocumentTooLarge;
  return null;
}

export function VerificationDocumentSection() {
  const details = useUserDetails();
  const upload = useUploadVerificationDocument();
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const user = details.data;
  if (user?.role !== 'titolare' || user.verification === 'verified') return null;
  const stored = user.verification_document_uploaded_at;
  const statusId = `${inputId}-stored`;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const file = inputRef.current?.files?.[0] ?? null;
    const refused = fileProblem(file);
    if (refused || !file) {
      setProblem(refused);
      notify.error(refused ?? MESSAGES.invalidPdf);
      inputRef.current?.focus();
      return;
    }
    upload.mutate(file, {
      onSuccess: (answer) => {
        notify.success(answer.message);
        setProblem(null);
        if (inputRef.current) inputRef.current.value = '';
      },
      onError: (failure) => {
        const text = errorMessage(failure, MESSAGES.networkError);
        setProblem(text);
        notify.error(text);
      },
    });
  }

  return (
    <section
      aria-labelledby="verification-document-title"
      className="mt-6 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8"
    >
      <h2 id="verification-document-title" className="text-lg font-semibold text-slate-900">
        {OWNER_TEXT.verificationDocumentTitle}
      </h2>
      <p className="mt-2 text-base text-slate-700">{OWNER_TEXT.verificationDocumentIntro}</p>
      <p
        id={statusId}
        className="mt-3 rounded-lg border border-slate-200 bg-slate-50 px-4 py-3 text-sm font-medium text-slate-900"
      >
        {stored ? OWNER_TEXT.verificationDocumentStored(formatDateTime(stored)) : OWNER_TEXT.verificationDocumentNone}
      </p>
      <form noValidate onSubmit={onSubmit} className="mt-4 flex flex-col gap-4 sm:flex-row sm:items-end">
        <Field id={inputId} label={OWNER_TEXT.verificationDocumentFile} error={problem ?? undefined} className="min-w-0 flex-1">
          <input
            ref={inputRef}
            id={inputId}
            type="file"
            accept="application/pdf"
            aria-describedby={[statusId, describedBy(inputId, undefined, problem ?? undefined)].filter(Boolean).join(' ')}
            aria-invalid={problem ? true : undefined}
            onChange={() => setProblem(null)}
            className="block min-h-11 w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 file:mr-3 file:rounded-md file:border-0 file:bg-emerald-50 file:px-3 file:py-1.5 file:font-semibold file:text-emerald-900"
          />
        </Field>
        <Button type="submit" loading={upload.isPending}>
          {upload.isPending
            ? OWNER_TEXT.verificationDocumentBusy
            : stored
              ? OWNER_TEXT.verificationDocumentReplace
              : OWNER_TEXT.verificationDocumentUpload}
        </Button>
      </form>
    </section>
  );
}
