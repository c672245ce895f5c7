import { z } from 'zod';
import { zProvince, zText } from './common';

export const ZComuniQuerySchema = z.object({
  provincia: zProvince,
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
