/** GET /api/user/export/: the user's data as a ZIP (decision 066), saved through a temporary link to the Blob. */
import { useMutation } from '@tanstack/react-query';
import { apiDownload } from '../../../lib/api-client';

const FALLBACK_NAME = 'farmaponte-dati.zip';

export async function downloadMyData(): Promise<string> {
  const { blob, fileName } = await apiDownload('/api/user/export/', FALLBACK_NAME);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
  return fileName;
}

export function useDownloadMyData() {
  return useMutation({ mutationFn: downloadMyData });
}
