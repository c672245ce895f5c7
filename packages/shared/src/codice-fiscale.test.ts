/**
 * Golden tests of the codice fiscale (D.M. 23 dicembre 1976), each code worked out by hand below, character by
 * character, with the tables of the decree: odd places (1st, 3rd…) by the odd table (0/A=1, 1/B=0, 2/C=5, 3/D=7, 4/E=9,
 * 5/F=13, 6/G=15, 7/H=17, 8/I=19, 9/J=21, K=2, L=4, M=18, N=20, O=11, P=3, Q=6, R=8, S=12, T=14, U=16, V=10, W=22, X=25,
 * Y=24, Z=23), even places by their plain value (0–9, A=0 … Z=25); the sum modulo 26 is the check letter (0=A … 25=Z).
 */
import { describe, expect, it } from 'vitest';
import {
  CODICE_FISCALE,
  checkCharacter,
  codiceFiscaleDisagreement,
  codiceFiscaleProblem,
  decodeCodiceFiscale,
  nameCode,
  normaliseCodiceFiscale,
  surnameCode,
  withoutOmocodia,
} from './codice-fiscale';

const TODAY = '2026-11-28';

describe('the check character, by hand', () => {
  it('Mario Rossi, man, born 1980-01-01 in Roma (H501): RSSMRA80A01H501U', () => {
    // ROSSI: consonants R S S → RSS. MARIO: consonants M R, then the vowel A → MRA. 80, January = A, day 01, H501.
    // R(odd)8 + S(even)18 + S(odd)12 + M(even)12 + R(odd)8 + A(even)0 + 8(odd)19 + 0(even)0 + A(odd)1 + 0(even)0
    // + 1(odd)0 + H(even)7 + 5(odd)13 + 0(even)0 + 1(odd)0 = 98; 98 mod 26 = 20 → U.
    expect(surnameCode('Rossi')).toBe('RSS');
    expect(nameCode('Mario')).toBe('MRA');
    expect(checkCharacter('RSSMRA80A01H501')).toBe('U');
    expect(codiceFiscaleProblem('RSSMRA80A01H501U')).toBeUndefined();
  });

  it('Giulia Bianchi, woman, born 1992-04-15 in Bergamo (A794): BNCGLI92D55A794P', () => {
    // BIANCHI: consonants B N C (H left over) → BNC. GIULIA: consonants G L, then the vowel I → GLI. 92, April = D,
    // day 15 + 40 = 55, A794.
    // B0 + N13 + C5 + G6 + L4 + I8 + 9(odd)21 + 2(even)2 + D(odd)7 + 5(even)5 + 5(odd)13 + A(even)0 + 7(odd)17
    // + 9(even)9 + 4(odd)9 = 119; 119 mod 26 = 15 → P.
    expect(surnameCode('Bianchi')).toBe('BNC');
    expect(nameCode('Giulia')).toBe('GLI');
    expect(checkCharacter('BNCGLI92D55A794')).toBe('P');
  });

  it('Gianfranco Fo, man, born 1965-12-31 in France (Z110): FOXGFR65T31Z110W', () => {
    // FO: F, then O, then X → FOX. GIANFRANCO has 6 consonants G N F R N C: the 1st, 3rd and 4th → GFR. December = T.
    // F13 + O14 + X25 + G6 + F13 + R17 + 6(odd)15 + 5(even)5 + T(odd)14 + 3(even)3 + 1(odd)0 + Z(even)25 + 1(odd)0
    // + 1(even)1 + 0(odd)1 = 152; 152 mod 26 = 22 → W.
    expect(surnameCode('Fo')).toBe('FOX');
    expect(nameCode('Gianfranco')).toBe('GFR');
    expect(checkCharacter('FOXGFR65T31Z110')).toBe('W');
    expect(decodeCodiceFiscale('FOXGFR65T31Z110W', TODAY)).toMatchObject({
      birthDate: '1965-12-31',
      sex: 'M',
      placeCode: 'Z110',
    });
  });

  it('refuses a wrong check character, a wrong shape and a day that does not exist', () => {
    for (const wrong of ['RSSMRA80A01H501A', 'RSSMRA80A01H501V', 'BNCGLI92D55A794Q'])
      expect(codiceFiscaleProblem(wrong)).toBe('check');
    for (const bad of ['RSSMRA80A01H501', 'RSSMRA80A01H501UU', '1SSMRA80A01H501U', 'RSSMRA80F01H501U', 'RSSMRA80A01H5X1U'])
      expect(codiceFiscaleProblem(bad)).toBe('format');
    // 30 February, day 35 (neither a man's nor a woman's), day 72: each with the right check character.
    for (const first15 of ['RSSMRA80B30H501', 'RSSMRA80A35H501', 'RSSMRA80A72H501'])
      expect(codiceFiscaleProblem(`${first15}${checkCharacter(first15)}`)).toBe('date');
    // 29 February only in a year that has one.
    expect(codiceFiscaleProblem(`RSSMRA80B29H501${checkCharacter('RSSMRA80B29H501')}`)).toBeUndefined();
    expect(codiceFiscaleProblem(`RSSMRA81B29H501${checkCharacter('RSSMRA81B29H501')}`)).toBe('date');
  });

  it('normalises what a person types: spaces out, upper case', () => {
    expect(normaliseCodiceFiscale(' rss mra 80a01 h501u ')).toBe('RSSMRA80A01H501U');
  });
});

describe('omocodia', () => {
  it('the last digit as a letter: RSSMRA80A01H50MM', () => {
    // Position 15 (odd) '1' becomes M (1 → M): its value goes from 0 to 18, 98 + 18 = 116; 116 mod 26 = 12 → M.
    expect(checkCharacter('RSSMRA80A01H50M')).toBe('M');
    expect(codiceFiscaleProblem('RSSMRA80A01H50MM')).toBeUndefined();
    expect(withoutOmocodia('RSSMRA80A01H50MM')).toBe('RSSMRA80A01H501M');
  });

  it('every digit as a letter: RSSMRAULALMHRLMD, read as the same person', () => {
    // 8→U 0→L 0→L 1→M 5→R 0→L 1→M. RSSMRA = 58; U(odd)16 + L(even)11 + A(odd)1 + L(even)11 + M(odd)18 + H(even)7
    // + R(odd)8 + L(even)11 + M(odd)18 = 101; 58 + 101 = 159; 159 mod 26 = 3 → D.
    expect(checkCharacter('RSSMRAULALMHRLM')).toBe('D');
    expect(codiceFiscaleProblem('RSSMRAULALMHRLMD')).toBeUndefined();
    expect(decodeCodiceFiscale('RSSMRAULALMHRLMD', TODAY)).toMatchObject({
      birthDate: '1980-01-01',
      sex: 'M',
      placeCode: 'H501',
    });
    expect(
      codiceFiscaleDisagreement('RSSMRAULALMHRLMD', {
        surname: 'Rossi',
        name: 'Mario',
        birthDate: '1980-01-01',
        birthPlaceCode: 'H501',
      }),
    ).toBeUndefined();
  });

  it('letters only where digits go, and only those of the table', () => {
    expect(codiceFiscaleProblem(`RSSMRA8AA01H501${checkCharacter('RSSMRA8AA01H501')}`)).toBe('format');
    expect(CODICE_FISCALE.omocodia).toBe('LMNPQRSTUV');
  });
});

describe('the birth date and sex', () => {
  it('reads every month letter', () => {
    const letters = 'ABCDEHLMPRST';
    [...letters].forEach((letter, index) => {
      const first15 = `RSSMRA80${letter}01H501`;
      const decoded = decodeCodiceFiscale(`${first15}${checkCharacter(first15)}`, TODAY);
      expect(decoded.birthDate).toBe(`1980-${String(index + 1).padStart(2, '0')}-01`);
    });
    expect(CODICE_FISCALE.months).toBe(letters);
  });

  it('reads a woman by her day plus 40', () => {
    expect(decodeCodiceFiscale('BNCGLI92D55A794P', TODAY)).toMatchObject({ birthDate: '1992-04-15', sex: 'F', day: 15 });
  });

  it('chooses the century so the person is between 16 and 100 on the day', () => {
    const code = (yy: string) => `RSSMRA${yy}A01H501${checkCharacter(`RSSMRA${yy}A01H501`)}`;
    expect(decodeCodiceFiscale(code('05'), TODAY).birthDate).toBe('2005-01-01');
    expect(decodeCodiceFiscale(code('10'), TODAY).birthDate).toBe('2010-01-01'); // 16 on 2026-01-01
    expect(decodeCodiceFiscale(code('26'), TODAY).birthDate).toBe('1926-01-01'); // 100 on 2026-01-01
    expect(decodeCodiceFiscale(code('12'), TODAY).birthDate).toBeNull(); // 14 or 114
  });
});

describe('the name and surname letters', () => {
  it('consonants, then vowels, then X; four consonants in a name take the 1st, 3rd and 4th', () => {
    expect(surnameCode('Ai')).toBe('AIX');
    expect(surnameCode("D'Angelò")).toBe('DNG');
    expect(surnameCode('De Rosa')).toBe('DRS');
    expect(nameCode('Roberto')).toBe('RRT'); // R B R T: 1st R, 3rd R, 4th T
    expect(nameCode('Anna')).toBe('NNA');
    expect(nameCode('Lu')).toBe('LUX');
  });

  it('names the part that disagrees', () => {
    const code = 'RSSMRA80A01H501U';
    expect(codiceFiscaleDisagreement(code, { surname: 'Rosati', name: 'Mario' })).toBe('surname');
    expect(codiceFiscaleDisagreement(code, { surname: 'Rossi', name: 'Maria Grazia' })).toBe('name');
    expect(codiceFiscaleDisagreement(code, { birthDate: '1981-01-01' })).toBe('birth_date');
    expect(codiceFiscaleDisagreement(code, { birthDate: '1980-01-02' })).toBe('birth_date');
    expect(codiceFiscaleDisagreement(code, { birthPlaceCode: 'F205' })).toBe('birth_place');
    expect(codiceFiscaleDisagreement(code, { surname: '', name: '', birthDate: null, birthPlaceCode: null })).toBeUndefined();
  });
});
