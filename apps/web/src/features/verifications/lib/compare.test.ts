import { describe, expect, it } from 'vitest';
import { compareWithRegistry } from './compare';

const registry = {
  cod_farmacia: '15001',
  name: 'FARMACIA SAN GIOVANNI',
  address: 'VIA APPIA NUOVA 98',
  cap: '00183',
  comune: 'ROMA',
  sigla_provincia: 'RM',
  partita_iva: '01234567890',
};

describe('compareWithRegistry', () => {
  it('marks only the fields that really differ from the registry row', () => {
    const fields = compareWithRegistry(
      {
        name: 'Marco',
        surname: 'Rossi',
        denominazione_farmacia: 'Farmacia San Giovanni',
        indirizzo_farmacia: 'Via Appia Nuova 98, Roma',
        comune_farmacia: 'Roma',
        partita_iva: '09876543210',
        cod_farmacia: '15001',
      },
      registry,
    );
    expect(fields.filter((f) => f.differs).map((f) => f.key)).toEqual(['partita_iva']);
    expect(fields.find((f) => f.key === 'name')).toEqual({ key: 'name', entered: 'Marco', registry: null, differs: false });
  });

  it('marks nothing without a registry row (a pharmacy entered by hand)', () => {
    const fields = compareWithRegistry({ name: 'Marco', surname: 'Rossi', denominazione_farmacia: 'Farmacia Nuova' }, null);
    expect(fields.every((f) => !f.differs && f.registry === null)).toBe(true);
  });
});
