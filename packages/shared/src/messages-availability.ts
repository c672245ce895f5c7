/**
 * The answers of a pharmacist's calendar and of the owners' search of who is free (decision 070): checks, refusals and
 * the save's toast. Apart from MESSAGES, so the first screen's script (which carries MESSAGES whole) does not carry them.
 */
import { formatDate } from './dates';
import { LIMITS } from './limits';

export const AVAILABILITY_MESSAGES = {
  saved: 'Disponibilità salvata.',
  dayInvalid: 'Ogni giorno deve essere una data valida nel formato AAAA-MM-GG.',
  partInvalid: 'Indica per ogni giorno «giornata», «mattina», «pomeriggio» o «notte».',
  tooManyDays: `Puoi indicare al massimo ${LIMITS.availabilityMaxEntries} disponibilità.`,
  dayOutOfRange: (day: string) =>
    `Il giorno ${formatDate(day)} non si può indicare: scegli un giorno da oggi a ${LIMITS.availabilityDaysAhead} giorni da oggi.`,
  dayTwice: (day: string, part: string) => `Il giorno ${formatDate(day)} (${part}) è indicato due volte.`,
  wholeDayWithPart: (day: string) =>
    `Il giorno ${formatDate(day)} è indicato sia come giornata intera sia per una parte: scegli l'una o l'altra.`,
  comuneRequired: 'Indica il comune da cui parti.',
  comuneUnknown: "Comune non trovato: scegli un comune dall'elenco.",
  radius: `Il raggio deve essere un numero intero di chilometri da ${LIMITS.availabilityRadiusMinKm} a ${LIMITS.availabilityRadiusMaxKm}.`,
  minPay: `La paga minima deve essere un numero da ${LIMITS.hourlyPayMin} a ${LIMITS.hourlyPayMax} euro l'ora, con al massimo due decimali, oppure vuota.`,
  visible: 'Indica se i titolari possono vedere la tua disponibilità.',
  // The owners' search.
  ownerNotVerified:
    'Potrai cercare i farmacisti disponibili dopo la verifica del tuo account da parte dello staff di Farmaponte.',
  pharmacyPositionUnknown:
    'Non conosciamo la posizione della tua farmacia: controlla il comune della farmacia nel profilo o scrivi allo staff.',
  searchFromPast: 'La data iniziale non può essere nel passato.',
  searchRange: `Puoi cercare al massimo ${LIMITS.availablePharmacistsMaxRangeDays} giorni alla volta.`,
  searchPay: `La paga offerta deve essere un numero da ${LIMITS.hourlyPayMin} a ${LIMITS.hourlyPayMax} euro l'ora.`,
} as const;
