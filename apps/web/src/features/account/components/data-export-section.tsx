/**
 * /profile's 'Scarica i miei dati' (decision 066): what the ZIP holds, the button that downloads it (the API wants the
 * bearer token, so fetch → Blob → a temporary link), a busy state, and the API's Italian error in the section (a 429
 * says when to try again).
 */
import type { TRole } from '@farmaponte/shared';
import { PRIVACY_TEXT } from '@farmaponte/shared/ui-text-privacy';
import { Button } from '../../../components/ui/button';
import { errorMessage, notify } from '../../../lib/notify';
import { useDownloadMyData } from '../api/export-data';

export function DataExportSection({ role }: { role: TRole }) {
  const download = useDownloadMyData();

  function start() {
    download.mutate(undefined, { onSuccess: () => notify.success(PRIVACY_TEXT.dataExportDone) });
  }

  return (
    <section
      aria-labelledby="data-export-title"
      className="mt-8 flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8"
    >
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h2 id="data-export-title" className="text-lg font-semibold text-slate-900">
            {PRIVACY_TEXT.dataExportTitle}
          </h2>
          <p className="mt-1 text-sm text-slate-700">{PRIVACY_TEXT.dataExportText(role)}</p>
        </div>
        <Button variant="secondary" className="shrink-0" loading={download.isPending} onClick={start}>
          {download.isPending ? PRIVACY_TEXT.dataExportBusy : PRIVACY_TEXT.dataExportButton}
        </Button>
      </div>
      <p role="alert" className="text-sm font-medium text-red-700 empty:hidden">
        {download.isError ? errorMessage(download.error, PRIVACY_TEXT.dataExportFailed) : ''}
      </p>
    </section>
  );
}
