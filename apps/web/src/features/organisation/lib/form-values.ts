/**
 * The organisation's forms as typed and what they send: amounts and counts typed as text ('20,50', '2') become numbers,
 * an empty one null; the pharmacies ticked (their ids as the checkboxes hold them) become numbers; a titolare has none,
 * acting for every pharmacy. The shared schemas check what is sent, as the API does.
 */
import type { TMemberRole, TOrganisation, TPharmacySettings } from '@farmaponte/shared/organisation';

/** The data for invoices as typed. */
export type TInvoicingValues = Pick<
  TOrganisation,
  'name' | 'partita_iva' | 'codice_fiscale' | 'sede_legale' | 'pec' | 'codice_sdi'
>;
export const INVOICING_FIELDS = ['name', 'partita_iva', 'codice_fiscale', 'sede_legale', 'pec', 'codice_sdi'] as const;

/** A pharmacy added: its registry code or the three fields typed by hand, and its VAT number. */
export const EMPTY_NEW_PHARMACY = {
  cod_farmacia: '',
  denominazione_farmacia: '',
  indirizzo_farmacia: '',
  comune_farmacia: '',
  partita_iva: '',
};
export type TNewPharmacyValues = typeof EMPTY_NEW_PHARMACY;

/** An amount or a count as typed: '' is null, '20,50' is 20.5; anything else stays as typed, for the schema to refuse. */
export function typedNumber(text: string): number | string | null {
  const trimmed = text.trim();
  if (!trimmed) return null;
  const value = Number(trimmed.replace(',', '.'));
  return /^\d+([.,]\d+)?$/.test(trimmed) && Number.isFinite(value) ? value : trimmed;
}

/** Who of the staff is mailed: the default (titolari and responsabili), or the people ticked. */
export type TNotifyMode = 'default' | 'chosen';

export interface TSettingsFormValues {
  start_time: string;
  end_time: string;
  hourly_pay: string;
  positions: string;
  note: string;
  notify: TNotifyMode;
  notify_user_ids: string[];
}

export function settingsFormValues(settings: TPharmacySettings): TSettingsFormValues {
  return {
    start_time: settings.start_time ?? '',
    end_time: settings.end_time ?? '',
    hourly_pay: settings.hourly_pay === null ? '' : String(settings.hourly_pay).replace('.', ','),
    positions: settings.positions === null ? '' : String(settings.positions),
    note: settings.note,
    notify: settings.notify_user_ids === null ? 'default' : 'chosen',
    notify_user_ids: (settings.notify_user_ids ?? []).map(String),
  };
}

/** What PUT …/settings/ receives, before the shared schema has read it. */
export function settingsPayload(values: TSettingsFormValues) {
  return {
    start_time: values.start_time || null,
    end_time: values.end_time || null,
    hourly_pay: typedNumber(values.hourly_pay),
    positions: typedNumber(values.positions),
    note: values.note,
    notify_user_ids: values.notify === 'default' ? null : values.notify_user_ids.map(Number),
  };
}

/** A role and the pharmacies it acts for, as the invitation and a member's change hold them. */
export interface TRoleFormValues {
  role: TMemberRole;
  pharmacy_ids: string[];
}

export function rolePayload<T extends TRoleFormValues>(values: T): Omit<T, 'pharmacy_ids'> & { pharmacy_ids: number[] } {
  return { ...values, pharmacy_ids: values.role === 'titolare' ? [] : values.pharmacy_ids.map(Number) };
}

/** The people who act for a pharmacy, who may be the ones mailed: its titolari and whoever has it among theirs. */
export function staffOfPharmacy<T extends { role: TMemberRole; pharmacy_ids: number[] }>(
  members: readonly T[],
  pharmacyId: number,
) {
  return members.filter((member) => member.role === 'titolare' || member.pharmacy_ids.includes(pharmacyId));
}
