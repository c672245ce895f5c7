/** GET /api/shifts/mine/statement.pdf: the month's statement for the accountant, saved by the browser. */
import { SHIFT_DOCUMENT_TEXT } from '@farmaponte/shared/shift-messages';
import { useMutation } from '@tanstack/react-query';
import { apiDownload } from '../../../lib/api-client';
import { saveDownload } from '../../../lib/save-download';

export async function downloadStatement({ year, month }: { year: number; month: number }): Promise<string> {
  const period = `${year}-${String(month).padStart(2, '0')}`;
  const file = await apiDownload(
    `/api/shifts/mine/statement.pdf?year=${year}&month=${month}`,
    SHIFT_DOCUMENT_TEXT.statementFileName(period),
  );
  return saveDownload(file);
}

export function useDownloadStatement() {
  return useMutation({ mutationFn: downloadStatement });
}
