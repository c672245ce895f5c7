import { describe, expect, it } from 'vitest';
import { provinceSigla, regionName } from '../places';
import { ZProfileInputSchema } from './account';

describe('provinces by sigla or by name (the seed system stored names)', () => {
  it.each([
    ['MI', 'MI'],
    ['mi', 'MI'],
    [' Milano ', 'MI'],
    ['MILANO', 'MI'],
    ['Monza e Brianza', 'MB'],
    ['Monza e della Brianza', 'MB'],
    ['monza brianza', 'MB'],
    ['Forlì-Cesena', 'FC'],
    ['Forli Cesena', 'FC'],
    ["Forli'-Cesena", 'FC'],
    ['Reggio Emilia', 'RE'],
    ["Reggio nell'Emilia", 'RE'],
    ['Reggio di Calabria', 'RC'],
    ["L'Aquila", 'AQ'],
    ['La Spezia', 'SP'],
    ['Bolzano', 'BZ'],
    ['Bozen', 'BZ'],
    ['Aosta', 'AO'],
    ["Valle d'Aosta/Vallée d'Aoste", 'AO'],
    ['Pesaro-Urbino', 'PU'],
    ['Barletta Andria Trani', 'BT'],
  ])('%s is %s', (input, sigla) => {
    expect(provinceSigla(input)).toBe(sigla);
  });

  it('knows nothing of a place that is not a province', () => {
    expect(provinceSigla('Gotham')).toBeUndefined();
    expect(provinceSigla('XX')).toBeUndefined();
    expect(provinceSigla('')).toBeUndefined();
  });

  it('reads regions in any spelling as their official name', () => {
    expect(regionName('emilia romagna')).toBe('Emilia-Romagna');
    expect(regionName('Friuli Venezia Giulia')).toBe('Friuli-Venezia Giulia');
    expect(regionName("Valle d'Aosta/Vallée d'Aoste")).toBe("Valle d'Aosta");
    expect(regionName('Trentino-Alto Adige/Südtirol')).toBe('Trentino-Alto Adige');
    expect(regionName('Atlantide')).toBeUndefined();
  });

  it('the profile schema stores the sigla and the official region name, and keeps unknown text for the check to refuse', () => {
    const parsed = ZProfileInputSchema.parse({
      regione_residenza: 'lombardia',
      provincia_residenza: 'Monza e Brianza',
      preferredRegion: 'emilia romagna',
    });
    expect(parsed).toMatchObject({
      regione_residenza: 'Lombardia',
      provincia_residenza: 'MB',
      preferredRegion: 'Emilia-Romagna',
    });
    expect(ZProfileInputSchema.parse({ provincia_residenza: 'Gotham' }).provincia_residenza).toBe('Gotham');
  });
});

describe('numbers as people type them', () => {
  it('drops spaces, dots, dashes and brackets from the telephone and a leading IT from the VAT number', () => {
    const parsed = ZProfileInputSchema.parse({ telephone: ' 333 123-45.67 ', partita_iva: 'IT 012.345-678 90' });
    expect(parsed).toMatchObject({ telephone: '3331234567', partita_iva: '01234567890' });
  });
});
