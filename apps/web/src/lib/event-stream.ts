/**
 * The live stream (GET /api/events/, decision 072), read with fetch and a stream reader: EventSource cannot send the
 * bearer token. It opens a new stream by itself when one ends or fails, after a pause that grows (1 s, 2 s, 4 s… up to
 * 30 s) and starts again at 1 s once a stream is open; an expired or refused token is refreshed through the API
 * client's own refresh. Without a session it stops. Loaded after login only (app/live-updates.tsx).
 */
import { LIVE_READY_EVENT } from '@farmaponte/shared/live-events';
import { isExpired, refreshSession } from './api-client';
import { getAccessToken } from './storage';

export interface TServerSentEvent {
  event: string;
  data: string;
}

/** The complete events at the start of `text` (they end with a blank line), and what is left for the next chunk. */
export function parseServerSentEvents(text: string): { events: TServerSentEvent[]; rest: string } {
  const blocks = text.split('\n\n');
  const rest = blocks.pop() ?? '';
  const events: TServerSentEvent[] = [];
  for (const block of blocks) {
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      // A comment (the heartbeat) or an empty line.
      if (!line || line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') event = value;
      else if (field === 'data') data.push(value);
    }
    if (data.length) events.push({ event, data: data.join('\n') });
  }
  return { events, rest };
}

/** The pause before the attempt after `failures` failed ones: 1 s doubling up to 30 s, with a little spread. */
export function reconnectDelayMs(failures: number): number {
  return Math.min(30_000, 1000 * 2 ** Math.max(0, failures - 1)) * (0.8 + Math.random() * 0.4);
}

interface THandlers {
  /** A stream is open; `again` when it replaces one that ended (events may have been missed: reload what is shown). */
  onOpen(again: boolean): void;
  onEvent(event: TServerSentEvent): void;
}

/** Streams until the answer is called (or the session ends). */
export function openEventStream(handlers: THandlers): () => void {
  let stopped = false;
  let controller: AbortController | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let wake: () => void = () => {};
  let failures = 0;
  let opened = 0;

  const connect = async (token: string) => {
    controller = new AbortController();
    return fetch('/api/events/', {
      headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
      cache: 'no-store',
      signal: controller.signal,
    });
  };

  const streamOnce = async () => {
    let token = getAccessToken();
    if (!token) return false;
    if (isExpired(token)) token = await refreshSession();
    let response = await connect(token);
    // Refused although it looked valid (revoked, expired on the way): one refresh, one more try.
    if (response.status === 401) {
      await response.body?.cancel();
      response = await connect(await refreshSession(token));
    }
    if (!response.ok || !response.body) {
      await response.body?.cancel();
      return true;
    }
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return true;
      const parsed = parseServerSentEvents(buffer + value);
      buffer = parsed.rest;
      for (const event of parsed.events) {
        if (event.event !== LIVE_READY_EVENT) handlers.onEvent(event);
        else {
          failures = 0;
          handlers.onOpen(opened++ > 0);
        }
      }
    }
  };

  void (async () => {
    while (!stopped) {
      // false: no session (logged out, or a refresh refused): nothing to stream.
      const goOn = await streamOnce().catch(() => Boolean(getAccessToken()));
      if (!goOn || stopped) return;
      failures++;
      await new Promise<void>((resolve) => {
        wake = resolve;
        timer = setTimeout(resolve, reconnectDelayMs(failures));
      });
    }
  })();

  return () => {
    stopped = true;
    clearTimeout(timer);
    wake();
    controller?.abort();
  };
}
