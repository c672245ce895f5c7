/**
 * The owner's document for the admin, on the profile while they are not verified (decision 049): when the stored one
 * was uploaded, and a PDF-only file input that stores a new one in its place. Checked (type, 5 MB) before it is sent.
 * The dashboard's verification notice links here (`/profile#documento-verifica`).
 */

import { formatDateTime } from '@farmaponte/shared/dates';
import { LIMITS } from '@farmaponte/shared/limits';
import { MESSAGES } from '@farmaponte/shared/messages';
import { OWNER_TEXT } from '@farmaponte/shared/ui-text-owner';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { PdfFileField } from '../../../components/ui/pdf-file-field';
import { useUserDetails } from '../../../lib/api/get-user-details';
import { errorMessage, notify } from '../../../lib/notify';
import { PROFILE_SECTIONS } from '../../../lib/paths';
import { useLinkedSection } from '../../../lib/use-linked-section';
import { useUploadVerificationDocument } from '../api/upload-verification-document';

function fileProblem(file: File | null): string | null {
  if (!file) return MESSAGES.invalidPdf;
  if (file.type !== 'application/pdf') return MESSAGES.invalidPdf;
  if (file.size > LIMITS.cvMaxBytes) return MESSAGES.verificationDocumentTooLarge;
  return null;
}

export function VerificationDocumentSection() {
  const details = useUserDetails();
  const user = details.data;
  // A person of an organisation's staff has no check of their own (null): their pharmacies' are on /organizzazione.
  const shown = user?.role === 'titolare' && user.verification !== null && user.verification !== 'verified';
  const sectionRef = useLinkedSection<HTMLElement>(PROFILE_SECTIONS.verificationDocument, shown);
  const statusId = useId();
  if (!user || !shown) return null;
  const stored = user.verification_document_uploaded_at;

  return (
    <section
      ref={sectionRef}
      id={PROFILE_SECTIONS.verificationDocument}
      tabIndex={-1}
      aria-labelledby="verification-document-title"
      className="mt-6 scroll-mt-24 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm focus:outline-none sm:p-8"
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
      <VerificationDocumentForm describedBy={statusId} stored={Boolean(stored)} />
    </section>
  );
}

/**
 * The document of a pharmacy of the organisation that waits for the admin (decision 089), on /organizzazione: the
 * same form, for that pharmacy (`X-Farmacia` names it), its name in the field's label.
 */
export function PharmacyDocumentForm({ pharmacyId, pharmacyName }: { pharmacyId: number; pharmacyName: string }) {
  return <VerificationDocumentForm pharmacyId={pharmacyId} labelSuffix={pharmacyName} stored={false} />;
}

/** A PDF-only file input with the browser's button in Italian, checked (type, 5 MB) before it is sent. */
function VerificationDocumentForm({
  pharmacyId,
  labelSuffix,
  describedBy: statusId,
  stored,
}: {
  pharmacyId?: number;
  /** Said after the field's label to screen readers, when a page has several (the pharmacy's name). */
  labelSuffix?: string;
  describedBy?: string;
  /** A document is stored already: the button replaces it. */
  stored: boolean;
}) {
  const upload = useUploadVerificationDocument(pharmacyId);
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const [fileName, setFileName] = useState('');
  const [sent, setSent] = useState(false);

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
        setFileName('');
        setSent(true);
        if (inputRef.current) inputRef.current.value = '';
      },
      onError: (failure) => {
        const text = errorMessage(failure, MESSAGES.networkError);
        setProblem(text);
        notify.error(text);
      },
    });
  }

  const label = labelSuffix ? (
    <>
      {OWNER_TEXT.verificationDocumentFile}
      <span className="sr-only"> – {labelSuffix}</span>
    </>
  ) : (
    OWNER_TEXT.verificationDocumentFile
  );

  return (
    <form noValidate onSubmit={onSubmit} className="mt-4 flex flex-col gap-4 sm:flex-row sm:items-end">
      <PdfFileField
        id={inputId}
        name="document"
        label={label}
        error={problem ?? undefined}
        describedBy={statusId}
        inputRef={inputRef}
        fileName={fileName}
        chooseLabel={OWNER_TEXT.verificationDocumentChoose}
        noFileLabel={OWNER_TEXT.verificationDocumentNoFile}
        onFileChange={(file) => {
          setProblem(null);
          setFileName(file?.name ?? '');
        }}
      />
      <Button type="submit" loading={upload.isPending}>
        {upload.isPending
          ? OWNER_TEXT.verificationDocumentBusy
          : stored || sent
            ? OWNER_TEXT.verificationDocumentReplace
            : OWNER_TEXT.verificationDocumentUpload}
      </Button>
    </form>
  );
}
