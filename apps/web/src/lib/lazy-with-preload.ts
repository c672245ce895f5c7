/**
 * React.lazy with a preload(): the download can start on hover or focus, before the component is needed. preload()
 * resolves once the code has come (or failed), so another download can wait for it.
 */
import { type ComponentType, lazy } from 'react';

export function lazyWithPreload<TProps extends object>(load: () => Promise<{ default: ComponentType<TProps> }>) {
  let loading: Promise<{ default: ComponentType<TProps> }> | undefined;
  const get = () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
  return Object.assign(lazy(get), {
    preload: (): Promise<void> =>
      get().then(
        () => undefined,
        () => undefined,
      ),
  });
}

/** Runs `task` once the browser has a moment with nothing else to do (at the latest after `timeoutMs`). */
export function whenIdle(task: () => void, timeoutMs = 3_000) {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(task, { timeout: timeoutMs });
  else setTimeout(task, 200);
}
