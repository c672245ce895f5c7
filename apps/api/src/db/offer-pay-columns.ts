/**
 * An offer's pay terms as columns (decision 094): what every reader of its pay selects (the offer's stored totals, its
 * hour-by-hour breakdown, an engagement's pay), named once.
 */
import { offers } from './schema';

export const offerPayTermColumns = {
  ccnlLevel: offers.ccnlLevel,
  hourlyPay: offers.hourlyPay,
  feeHourly: offers.feeHourly,
  nightService: offers.nightService,
  nightFrom: offers.nightFrom,
  nightFee: offers.nightFee,
  holidayFee: offers.holidayFee,
  extraHolidays: offers.extraHolidays,
  travelMode: offers.travelMode,
  travelAmount: offers.travelAmount,
  travelPerKm: offers.travelPerKm,
  travelCap: offers.travelCap,
  travelPerDay: offers.travelPerDay,
  lodgingNights: offers.lodgingNights,
  lodgingNote: offers.lodgingNote,
  negotiationMaxHourly: offers.negotiationMaxHourly,
  negotiationMaxTravel: offers.negotiationMaxTravel,
};
