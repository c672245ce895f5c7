import { REGIONS } from '@farmaponte/shared';

export const PROVINCES_WITH_REGION = new Map(
  REGIONS.flatMap((r) => r.provinces.map((p) => [p.sigla, { ...p, region: r.name }] as const)),
);
