/**
 * POST /api/pharmacies/import/ with the Ministry's CSV as the body: a 400 for a file of another layout (nothing
 * imported), otherwise NDJSON lines {type:'progress'} … then {type:'done', report} or {type:'error', message}.
 */
import type { TImportEvent, TImportReport } from '@farmaponte/shared';
import { LIMITS } from '@farmaponte/shared/limits';
import { MESSAGES } from '@farmaponte/shared/messages';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { ApiError, apiUpload } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/notify';
import { adminKeys } from './query-keys';

/** The server's body limit for the import. */
export const IMPORT_MAX_BYTES = LIMITS.registryImportMaxBytes;

/** Reads the stream line by line, calling `onEvent` for each; resolves with the final report, throws ApiError on failure. */
export async function importPharmacies(
  file: Blob,
  {
    onUploaded,
    onEvent,
    signal,
  }: { onUploaded?: () => void; onEvent?: (event: TImportEvent) => void; signal?: AbortSignal } = {},
): Promise<TImportReport> {
  const response = await apiUpload('/api/pharmacies/import/', { body: file, contentType: 'text/csv', signal });
  onUploaded?.();
  if (!response.body) throw new ApiError(0, MESSAGES.serverError, 'no_stream');
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  let report: TImportReport | undefined;
  const handle = (line: string) => {
    if (!line.trim()) return;
    let event: TImportEvent;
    try {
      event = JSON.parse(line) as TImportEvent;
    } catch {
      return; // a line cut by a proxy: the final report still decides
    }
    onEvent?.(event);
    if (event.type === 'done') report = event.report;
    if (event.type === 'error') throw new ApiError(200, event.message, 'import_failed');
  };
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += value;
      const lines = buffer.split('\n');
      buffer = lines.pop() ?? '';
      for (const line of lines) handle(line);
    }
    handle(buffer);
  } catch (error) {
    reader.cancel().catch(() => undefined);
    if (error instanceof ApiError) throw error;
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    // The connection dropped mid-stream: the server's transaction decides, but we cannot tell the outcome.
    throw new ApiError(0, MESSAGES.networkError, 'network_error');
  }
  if (!report) throw new ApiError(0, MESSAGES.networkError, 'import_incomplete');
  return report;
}

export type TImportState =
  | { phase: 'idle' }
  | { phase: 'uploading' }
  | { phase: 'processing'; done: number; total: number }
  | { phase: 'done'; report: TImportReport }
  | { phase: 'error'; message: string };

/** The import with its live state; on success every registry query (search, map, overview) is refreshed. */
export function useImportPharmacies() {
  const queryClient = useQueryClient();
  const [state, setState] = useState<TImportState>({ phase: 'idle' });
  const running = useRef(false);

  const start = useCallback(
    async (file: Blob) => {
      if (running.current) return;
      running.current = true;
      setState({ phase: 'uploading' });
      try {
        const report = await importPharmacies(file, {
          onUploaded: () => setState({ phase: 'processing', done: 0, total: 0 }),
          onEvent: (event) => {
            if (event.type === 'progress') setState({ phase: 'processing', done: event.done, total: event.total });
          },
        });
        setState({ phase: 'done', report });
        void queryClient.invalidateQueries({ queryKey: adminKeys.registry });
      } catch (error) {
        setState({ phase: 'error', message: errorMessage(error, MESSAGES.serverError) });
      } finally {
        running.current = false;
      }
    },
    [queryClient],
  );

  const fail = useCallback((message: string) => setState({ phase: 'error', message }), []);

  return { state, start, fail, busy: state.phase === 'uploading' || state.phase === 'processing' };
}
