import { REGIONS } from '@farmaponte/shared';

export const PROVINCES_WITH_REGION = new Map<string, { sigla: string; name: string; region: string }>(
  REGIONS.flatMap((r) => r.provinces.map((p) => [p.sigla, { sigla: p.sigla, name: p.name, region: r.name }] as const)),
);
