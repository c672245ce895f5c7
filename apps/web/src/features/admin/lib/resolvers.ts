/** The admin forms' validation: the shared schema the API uses too. Loaded on demand (see lib/lazy-resolver). */
// A runtime import of the package root: the schemas (and zod) stay in this lazy chunk.
import { ZLocationUpdateSchema } from '@farmaponte/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import type { TLocationForm, TLocationValues } from './location-form';

export const locationResolver = zodResolver(ZLocationUpdateSchema) as unknown as Resolver<
  TLocationForm,
  unknown,
  TLocationValues
>;
