import { checkCharacter } from '@farmaponte/shared/codice-fiscale';
import { describe, expect, it } from 'vitest';
import { fileFormValues } from './file-form-values';
import { fileResolver } from './resolvers';

const OPTIONS = { fields: {}, shouldUseNativeValidation: false } as const;
const first15 = 'SPSCHR88D61A794';
const valid = first15 + checkCharacter(first15);

describe("the professional file's checks before sending", () => {
  it('sends a valid file, the codice fiscale in capitals and the figures as numbers', async () => {
    const values = {
      ...fileFormValues(undefined),
      codice_fiscale: valid.toLowerCase(),
      partita_iva: '12345678903',
      insurance_cover: '1.000.000',
      ecm_period_start: '2026',
      ecm_credits: '60',
    };
    const result = await fileResolver(values, undefined, OPTIONS);
    expect(result.errors).toEqual({});
    expect(result.values).toMatchObject({
      codice_fiscale: valid,
      insurance_cover: 1_000_000,
      ecm_period_start: 2026,
      ecm_credits: 60,
    });
  });

  it('puts each problem on its field: a wrong check character, a partita IVA, a cover, credits out of range', async () => {
    const wrongCheck = first15 + (checkCharacter(first15) === 'A' ? 'B' : 'A');
    const result = await fileResolver(
      {
        ...fileFormValues(undefined),
        codice_fiscale: wrongCheck,
        partita_iva: '12345678900',
        insurance_cover: 'un milione',
        ecm_credits: '900',
      },
      undefined,
      OPTIONS,
    );
    expect(Object.keys(result.errors).sort()).toEqual(['codice_fiscale', 'ecm_credits', 'insurance_cover', 'partita_iva']);
    expect(result.values).toEqual({});
  });
});
