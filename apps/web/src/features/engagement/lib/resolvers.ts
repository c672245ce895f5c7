/** The professional file's form checked before it is sent (decision 093). Loaded on demand (see lib/lazy-resolver). */
import type { Resolver } from 'react-hook-form';
import { filePayload, type TFileFormValues, type TFilePayload } from './file-form-values';

export const fileResolver: Resolver<TFileFormValues, unknown, TFilePayload> = async (values) => ({
  values: filePayload(values),
  errors: {},
});
