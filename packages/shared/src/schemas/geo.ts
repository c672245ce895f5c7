import { z } from 'zod';
import { zText } from './common';

export const ZComuniQuerySchema = z.object({
  provincia: zText(5).transform((s) => s.toUpperCase()),
  q: zText(100),
});
export type TComuniQuery = z.infer<typeof ZComuniQuerySchema>;

export const ZComuneSchema = z.object({
  nome: z.string(),
  sigla: z.string(),
  istat: z.string(),
  cap: z.string(),
  lat: z.number(),
  lng: z.number(),
});
export type TComune = z.infer<typeof ZComuneSchema>;

export const ZComuneListSchema = z.array(ZComuneSchema);
