/**
 * A react-hook-form resolver whose zod schema is downloaded on first use, so zod stays out of the first page
 * load (decision 001: ≤ 150 KB of gzipped JavaScript). `preload()` starts the download early, e.g. when the user
 * first focuses the form, so validating on submit does not wait for the network (and fetches the toasts as well).
 */
import { FIRST_MESSAGES } from '@farmaponte/shared/messages-first';
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import { preloadToasts } from './notify';

export type TLazyResolver<TInput extends FieldValues, TOutput> = Resolver<TInput, unknown, TOutput> & { preload: () => void };

export function lazyResolver<TInput extends FieldValues, TOutput>(
  load: () => Promise<Resolver<TInput, unknown, TOutput>>,
): TLazyResolver<TInput, TOutput> {
  let loading: Promise<Resolver<TInput, unknown, TOutput>> | undefined;
  const get = () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined; // a failed download (offline) is retried at the next submit
      throw error;
    });
    return loading;
  };
  const resolver: Resolver<TInput, unknown, TOutput> = async (values, context, options) => {
    let resolve: Resolver<TInput, unknown, TOutput>;
    try {
      resolve = await get();
    } catch {
      // Offline: the form reports it like a validation message instead of failing silently.
      // `root` is valid for every form, but TypeScript cannot see it through the generic.
      const errors = { root: { type: 'network', message: FIRST_MESSAGES.loadFailed } } as FieldErrors<TInput>;
      return { values: {}, errors };
    }
    return resolve(values, context, options);
  };
  return Object.assign(resolver, {
    preload: () => {
      get().catch(() => undefined);
      // A form's messages are toasts: their library is wanted soon too.
      preloadToasts();
    },
  });
}
