/** GET /api/user/export/: the user's data as a ZIP (decision 066), saved through a temporary link to the Blob. */
import { useMutation } from '@tanstack/react-query';
import { apiDownload } from '../../../lib/api-client';
import { saveDownload } from '../../../lib/save-download';

const FALLBACK_NAME = 'farmaponte-dati.zip';

export async function downloadMyData(): Promise<string> {
  return saveDownload(await apiDownload('/api/user/export/', FALLBACK_NAME));
}

export function useDownloadMyData() {
  return useMutation({ mutationFn: downloadMyData });
}
