/**
 * GET /api/organisation/report/statement/: a month's statement of one pharmacy or of the group, as CSV or PDF, saved
 * by the browser (fetched with the session's token: a link cannot carry it).
 */
import { GROUP_STATEMENT_TEXT, type TGroupStatementFormat } from '@farmaponte/shared/group-report';
import { useMutation } from '@tanstack/react-query';
import { apiDownload } from '../../../lib/api-client';
import { saveDownload } from '../../../lib/save-download';

export interface TStatementAsked {
  /** 'YYYY-MM'. */
  month: string;
  /** A pharmacy's id; none for the whole group. */
  pharmacyId?: number;
  format: TGroupStatementFormat;
}

export async function downloadGroupStatement({ month, pharmacyId, format }: TStatementAsked): Promise<string> {
  const pharmacy = pharmacyId === undefined ? '' : `&pharmacy=${pharmacyId}`;
  const file = await apiDownload(
    `/api/organisation/report/statement/?month=${month}${pharmacy}&format=${format}`,
    GROUP_STATEMENT_TEXT.fileName(
      pharmacyId === undefined ? GROUP_STATEMENT_TEXT.groupSubject : String(pharmacyId),
      month,
      format,
    ),
  );
  return saveDownload(file);
}

export function useDownloadGroupStatement() {
  return useMutation({ mutationFn: downloadGroupStatement });
}
