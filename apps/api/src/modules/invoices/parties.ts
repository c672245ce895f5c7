/**
 * The parties of an invoice (decision 095): the pharmacist as supplier, from her professional file (codice fiscale,
 * partita IVA, regime, domicilio fiscale, IBAN) and her profile's name; the organisation of the pharmacies as client,
 * its sede legale read from the free text the organisation wrote ("Via Roma 1, 20121 Milano (MI)"). Either one
 * incomplete is a 409 that says what is missing, before any number is taken.
 */
import { FATTURAPA_FORMAT, inForce, INVOICE_MESSAGES as M, type TInvoice, type TTaxRegime } from '@farmaponte/shared';
import { eq } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { organisations, professionalFiles, profiles } from '../../db/schema';
import { conflict } from '../../lib/errors';
import { allComuni, findComune } from '../geo';

export type TSupplier = TInvoice['supplier'] & { regime: TTaxRegime };
export type TClient = TInvoice['client'];

/** Her side of the invoice, or 409 professional_file_incomplete. */
export async function supplierOf(db: TDb, farmacistaId: number): Promise<TSupplier> {
  const [row] = await db
    .select({
      name: profiles.name,
      surname: profiles.surname,
      codiceFiscale: professionalFiles.codiceFiscale,
      partitaIva: professionalFiles.partitaIva,
      regime: professionalFiles.taxRegime,
      street: professionalFiles.fiscalStreet,
      cap: professionalFiles.fiscalCap,
      istat: professionalFiles.fiscalComuneIstat,
      iban: professionalFiles.iban,
    })
    .from(professionalFiles)
    .innerJoin(profiles, eq(profiles.userId, professionalFiles.userId))
    .where(eq(professionalFiles.userId, farmacistaId));
  const comune = row?.istat ? allComuni().find((c) => c.istat === row.istat) : undefined;
  if (!(row?.codiceFiscale && row.partitaIva && row.regime && row.street && /^\d{5}$/.test(row.cap) && comune))
    throw conflict(M.fileIncomplete, 'professional_file_incomplete');
  return {
    name: `${row.name} ${row.surname}`.trim(),
    // Nome and Cognome apart, as the profile keeps them: 'Anna Maria' 'De Santis' cannot be split from the full name.
    given_name: row.name,
    family_name: row.surname,
    partita_iva: row.partitaIva,
    codice_fiscale: row.codiceFiscale,
    address: { street: row.street, cap: row.cap, comune: comune.nome, provincia: comune.sigla },
    iban: row.iban || null,
    regime: row.regime,
  };
}

/**
 * A sede legale as an address: "<street>, <CAP> <comune>" with the province's two letters after the comune, in
 * brackets or not, or found from the comune's name in the built-in list. Undefined when it cannot be read.
 */
export function parseSedeLegale(text: string): TClient['address'] | undefined {
  const match = /^\s*(.+?)\s*[,-]\s*(\d{5})\s+(.+?)\s*$/.exec(text.replace(/\s+/g, ' '));
  if (!match) return undefined;
  const [, street, cap, place] = match as unknown as [string, string, string, string];
  const withProvince = /^(.+?)\s*(?:\(([A-Za-z]{2})\)|\s([A-Z]{2}))$/.exec(place);
  const comuneName = (withProvince?.[1] ?? place).trim();
  const given = (withProvince?.[2] ?? withProvince?.[3])?.toUpperCase();
  const known = findComune(comuneName, given) ?? (given ? undefined : findComune(comuneName));
  const provincia = given ?? known?.sigla;
  if (!(street && comuneName && provincia)) return undefined;
  return { street, cap, comune: known?.nome ?? comuneName, provincia };
}

/**
 * The client: the organisation's legal data (its partita IVA, else the pharmacy's own from its profile), or 409
 * client_data_incomplete. Its SDI code addresses the file; without one, '0000000' and its PEC when it gave one.
 */
export async function clientOf(db: TDb, organisationId: number, pharmacyId: number, issuedOn: string): Promise<TClient> {
  const [[organisation], [pharmacy]] = await Promise.all([
    db.select().from(organisations).where(eq(organisations.id, organisationId)),
    db.select({ partitaIva: profiles.partitaIva }).from(profiles).where(eq(profiles.userId, pharmacyId)),
  ]);
  const partitaIva = organisation?.partitaIva || pharmacy?.partitaIva || '';
  const address = organisation ? parseSedeLegale(organisation.sedeLegale) : undefined;
  if (!(organisation?.name && /^\d{11}$/.test(partitaIva) && address))
    throw conflict(M.clientIncomplete, 'client_data_incomplete');
  const format = inForce(FATTURAPA_FORMAT, issuedOn) ?? FATTURAPA_FORMAT[0];
  const codiceSdi = organisation.codiceSdi.trim().toUpperCase();
  return {
    name: organisation.name,
    partita_iva: partitaIva,
    codice_fiscale: organisation.codiceFiscale || partitaIva,
    address,
    organisation_id: organisationId,
    codice_destinatario: codiceSdi || format.noRecipientCode,
    pec: codiceSdi ? null : organisation.pec || null,
  };
}
