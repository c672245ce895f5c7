/** React.lazy with a preload(): the download can start on hover or focus, before the component is needed. */
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
    preload: () => {
      get().catch(() => undefined);
    },
  });
}
