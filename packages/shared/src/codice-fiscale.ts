/**
 * The codice fiscale of a person (decision 093's professional file): its shape, its check character and what it says
 * of the person (the surname's and name's letters, the birth date, the sex, the place of birth). The rule is data with
 * its source and the day it is in force from, like the other rules of an engagement (engagement.ts). No I/O, so the web
 * form and the API check a code the same way.
 */
import { ageInYears, isIsoDate } from './dates';

export const CODICE_FISCALE = {
  since: '1977-01-01',
  source:
    "Codice fiscale delle persone fisiche: art. 6 d.P.R. 605/1973 e D.M. 23 dicembre 1976 (Ministero delle Finanze), allegati: cognome e nome, anno, mese (lettera), giorno (+40 per le donne), codice catastale del comune o Z del Paese estero, carattere di controllo; omocodia: cifre sostituite da lettere dall'ultima della parte numerica",
  /** The month letters, January to December. */
  months: 'ABCDEHLMPRST',
  /** The letters that stand for the digits 0–9 in a code changed for omocodia. */
  omocodia: 'LMNPQRSTUV',
  /** The positions (1-based) of the digits that omocodia may turn into letters. */
  omocodiaPositions: [7, 8, 10, 11, 13, 14, 15],
  /** The values of the characters in odd places (1st, 3rd…), A–Z; the digits 0–9 are worth what A–J are. */
  oddValues: [1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23],
  /** A woman's day of birth is written plus 40. */
  womanDayOffset: 40,
  /** The ages the century of the two-digit year is read for. */
  minimumAge: 16,
  maximumAge: 100,
} as const;

/** Sixteen characters, letters where letters go, digits or their omocodia letters where digits go. */
export const CODICE_FISCALE_PATTERN = /^[A-Z]{6}[0-9LMNPQRSTUV]{2}[ABCDEHLMPRST][0-9LMNPQRSTUV]{2}[A-Z][0-9LMNPQRSTUV]{3}[A-Z]$/;

/** A codice catastale: a comune's (A001–M999) or a foreign state's (Z and three digits). */
export const CODICE_CATASTALE_PATTERN = /^[A-MZ]\d{3}$/;
export const isAbroad = (code: string) => /^Z\d{3}$/.test(code);

/** What a person types: upper case, no spaces. */
export function normaliseCodiceFiscale(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

const A = 'A'.charCodeAt(0);
const isDigit = (c: string) => c >= '0' && c <= '9';

/** The check character of the first fifteen characters (odd places by the table, even places by their plain value). */
export function checkCharacter(first15: string): string {
  let sum = 0;
  for (let i = 0; i < 15; i++) {
    const c = first15[i] as string;
    const odd = i % 2 === 0; // the 1st, 3rd… character
    const index = isDigit(c) ? Number(c) : c.charCodeAt(0) - A;
    sum += odd ? (CODICE_FISCALE.oddValues[index] ?? 0) : index;
  }
  return String.fromCharCode(A + (sum % 26));
}

/** The code with its omocodia letters turned back into digits. */
export function withoutOmocodia(code: string): string {
  const chars = [...code];
  for (const position of CODICE_FISCALE.omocodiaPositions) {
    const c = chars[position - 1];
    const digit = c ? CODICE_FISCALE.omocodia.indexOf(c) : -1;
    if (digit >= 0) chars[position - 1] = String(digit);
  }
  return chars.join('');
}

export type TCodiceFiscaleProblem = 'format' | 'check' | 'date';

/** What is wrong with a (normalised) code: its shape, its check character, or a day that does not exist; else undefined. */
export function codiceFiscaleProblem(code: string): TCodiceFiscaleProblem | undefined {
  if (!CODICE_FISCALE_PATTERN.test(code)) return 'format';
  if (checkCharacter(code.slice(0, 15)) !== code[15]) return 'check';
  const plain = withoutOmocodia(code);
  const day = Number(plain.slice(9, 11));
  const dayOfMonth = day > CODICE_FISCALE.womanDayOffset ? day - CODICE_FISCALE.womanDayOffset : day;
  const month = CODICE_FISCALE.months.indexOf(plain[8] as string) + 1;
  // Any year: the 29th of February needs a leap year, 2000 is one for every two-digit year that is a multiple of 4.
  const year = Number(plain.slice(6, 8)) % 4 === 0 ? 2000 : 2001;
  if (!isIsoDate(`${year}-${String(month).padStart(2, '0')}-${String(dayOfMonth).padStart(2, '0')}`)) return 'date';
  return undefined;
}

export interface TDecodedCodiceFiscale {
  surname: string;
  name: string;
  /** 'YYYY-MM-DD', the century chosen so the person is between 16 and 100 on `today`; null when neither fits. */
  birthDate: string | null;
  /** The two-digit year, month (1–12) and day of the month, as written. */
  year: number;
  month: number;
  day: number;
  sex: 'M' | 'F';
  /** The codice catastale of the place of birth (Z… abroad). */
  placeCode: string;
}

/** What a valid code says of the person (check it with codiceFiscaleProblem first). */
export function decodeCodiceFiscale(code: string, today: string): TDecodedCodiceFiscale {
  const plain = withoutOmocodia(code);
  const year = Number(plain.slice(6, 8));
  const month = CODICE_FISCALE.months.indexOf(plain[8] as string) + 1;
  const writtenDay = Number(plain.slice(9, 11));
  const sex = writtenDay > CODICE_FISCALE.womanDayOffset ? 'F' : 'M';
  const day = sex === 'F' ? writtenDay - CODICE_FISCALE.womanDayOffset : writtenDay;
  const monthDay = `${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  const century = Math.floor(Number(today.slice(0, 4)) / 100) * 100;
  let birthDate: string | null = null;
  for (const start of [century, century - 100]) {
    const candidate = `${start + year}-${monthDay}`;
    if (!isIsoDate(candidate)) continue;
    const age = ageInYears(candidate, today);
    if (age >= CODICE_FISCALE.minimumAge && age <= CODICE_FISCALE.maximumAge) {
      birthDate = candidate;
      break;
    }
  }
  return {
    surname: plain.slice(0, 3),
    name: plain.slice(3, 6),
    birthDate,
    year,
    month,
    day,
    sex,
    placeCode: plain.slice(11, 15),
  };
}

/** A name's letters as the code reads them: accents dropped, upper case, letters only. */
const lettersOfText = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z]/g, '');

function lettersOf(text: string): { consonants: string[]; vowels: string[] } {
  const letters = lettersOfText(text);
  const consonants = [...letters].filter((c) => !'AEIOU'.includes(c));
  const vowels = [...letters].filter((c) => 'AEIOU'.includes(c));
  return { consonants, vowels };
}

/** The surname's three letters: its consonants, then its vowels, then X. */
export function surnameCode(surname: string): string {
  const { consonants, vowels } = lettersOf(surname);
  return [...consonants, ...vowels, 'X', 'X', 'X'].slice(0, 3).join('');
}

/** The name's three letters: with four consonants or more the 1st, 3rd and 4th; else as a surname's. */
export function nameCode(name: string): string {
  const { consonants, vowels } = lettersOf(name);
  if (consonants.length >= 4) return `${consonants[0]}${consonants[2]}${consonants[3]}`;
  return [...consonants, ...vowels, 'X', 'X', 'X'].slice(0, 3).join('');
}

/** The part of a valid code that disagrees with what the person told us, in the order the code is read; or undefined. */
export type TCodiceFiscalePart = 'surname' | 'name' | 'birth_date' | 'birth_place';

export function codiceFiscaleDisagreement(
  code: string,
  person: { surname?: string; name?: string; birthDate?: string | null; birthPlaceCode?: string | null },
): TCodiceFiscalePart | undefined {
  const plain = withoutOmocodia(code);
  // A blank name is not compared (a profile not filled in yet).
  const hasLetters = (text?: string) => !!text && /[A-Z]/.test(lettersOfText(text));
  if (hasLetters(person.surname) && surnameCode(person.surname as string) !== plain.slice(0, 3)) return 'surname';
  if (hasLetters(person.name) && nameCode(person.name as string) !== plain.slice(3, 6)) return 'name';
  if (person.birthDate) {
    const decoded = decodeCodiceFiscale(code, person.birthDate);
    const [y, m, d] = person.birthDate.split('-').map(Number) as [number, number, number];
    if (decoded.year !== y % 100 || decoded.month !== m || decoded.day !== d) return 'birth_date';
  }
  if (person.birthPlaceCode && plain.slice(11, 15) !== person.birthPlaceCode) return 'birth_place';
  return undefined;
}
