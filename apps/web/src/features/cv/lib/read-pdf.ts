/** The CV file checks (PDF only, at most 5 MB: docs/rules.md#cvs) and the file as base64 text for the upload. */
import { LIMITS } from '@farmaponte/shared/limits';
import { MESSAGES } from '@farmaponte/shared/messages';

/** The message that refuses `file`, or null when it may be sent. */
export function cvFileProblem(file: File): string | null {
  if (file.type !== 'application/pdf') return MESSAGES.invalidPdf;
  if (file.size > LIMITS.cvMaxBytes) return MESSAGES.pdfTooLarge;
  return null;
}

/** The file's bytes as base64, without the 'data:application/pdf;base64,' prefix a data URL has. */
export function readAsBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = String(reader.result ?? '');
      resolve(url.slice(url.indexOf(',') + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error(file.name));
    reader.readAsDataURL(file);
  });
}
