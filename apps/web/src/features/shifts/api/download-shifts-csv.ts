/** GET /api/shifts/mine/export.csv: the month's worked shifts as a CSV for Excel, saved by the browser. */
import { SHIFT_DOCUMENT_TEXT } from '@farmaponte/shared/shift-messages';
import { useMutation } from '@tanstack/react-query';
import { apiDownload } from '../../../lib/api-client';
import { saveDownload } from '../../../lib/save-download';

export async function downloadShiftsCsv({ year, month }: { year: number; month: number }): Promise<string> {
  const period = `${year}-${String(month).padStart(2, '0')}`;
  const file = await apiDownload(
    `/api/shifts/mine/export.csv?year=${year}&month=${month}`,
    SHIFT_DOCUMENT_TEXT.csvFileName(period),
  );
  return saveDownload(file);
}

export function useDownloadShiftsCsv() {
  return useMutation({ mutationFn: downloadShiftsCsv });
}
