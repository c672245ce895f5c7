/**
 * An invoice or credit note as a FatturaPA 1.2.2 file to a private business (FPR12), from its stored snapshot
 * (decision 095): the elements in the schema's order (schema/Schema_del_file_xml_FatturaPA_v1.2.2.xsd), the codes of
 * FATTURAPA_FORMAT, the amounts as invoiceAmounts gave them. Deterministic: the same snapshot gives the same bytes, so
 * the stored SHA-256 identifies the file the pharmacist sends.
 */
import { FATTURAPA_FORMAT, inForce, type TInvoiceDocument } from '@farmaponte/shared';
import { INVOICE_DOCUMENT_TEXT } from '@farmaponte/shared/ui-text-invoices';
import { sdiProgressive } from './sdi-file-name';
import { amount2, decimal8, latin, leaf, node, pieces, rate, type TXmlNode, writeXml } from './xml-writer';

const NAMESPACE = 'http://ivaservizi.agenziaentrate.gov.it/docs/xsd/fatture/v1.2';
const COUNTRY = 'IT';

type TParty = TInvoiceDocument['supplier'] | TInvoiceDocument['client'];

const idFiscale = (name: string, code: string) => node(name, leaf('IdPaese', COUNTRY), leaf('IdCodice', code.toUpperCase()));

/** Sede: the street in Indirizzo (its number with it), the CAP, the comune and its province's two letters. */
function sede(address: TParty['address']): TXmlNode {
  const provincia = address.provincia.trim().toUpperCase();
  return node(
    'Sede',
    leaf('Indirizzo', latin(address.street, 60)),
    leaf('CAP', address.cap.trim()),
    leaf('Comune', latin(address.comune, 60)),
    /^[A-Z]{2}$/.test(provincia) && leaf('Provincia', provincia),
    leaf('Nazione', COUNTRY),
  );
}

/** Her Nome and Cognome: the profile's when the snapshot has them, else the name's first word and the rest. */
function personName(supplier: TInvoiceDocument['supplier']): [string, string] {
  if (supplier.given_name && supplier.family_name) return [supplier.given_name, supplier.family_name];
  const [first = '', ...rest] = supplier.name.trim().split(/\s+/);
  return [first, rest.join(' ') || first];
}

function header(doc: TInvoiceDocument, format: (typeof FATTURAPA_FORMAT)[number]): TXmlNode {
  const { supplier, client } = doc;
  const code = client.codice_destinatario.trim().toUpperCase() || format.noRecipientCode;
  const [nome, cognome] = personName(supplier);
  return node(
    'FatturaElettronicaHeader',
    node(
      'DatiTrasmissione',
      idFiscale('IdTrasmittente', supplier.codice_fiscale),
      leaf('ProgressivoInvio', sdiProgressive(doc.id)),
      leaf('FormatoTrasmissione', format.version),
      leaf('CodiceDestinatario', code),
      // A PEC is where the SdI delivers only when the client has no recipient code.
      code === format.noRecipientCode && leaf('PECDestinatario', client.pec?.trim()),
    ),
    node(
      'CedentePrestatore',
      node(
        'DatiAnagrafici',
        idFiscale('IdFiscaleIVA', supplier.partita_iva),
        leaf('CodiceFiscale', supplier.codice_fiscale.toUpperCase()),
        node('Anagrafica', leaf('Nome', latin(nome, 60)), leaf('Cognome', latin(cognome, 60))),
        leaf('RegimeFiscale', doc.regime_code),
      ),
      sede(supplier.address),
    ),
    node(
      'CessionarioCommittente',
      node(
        'DatiAnagrafici',
        client.partita_iva && idFiscale('IdFiscaleIVA', client.partita_iva),
        leaf('CodiceFiscale', client.codice_fiscale.toUpperCase()),
        node('Anagrafica', leaf('Denominazione', latin(client.name, 80))),
      ),
      sede(client.address),
    ),
  );
}

function generalData(doc: TInvoiceDocument, format: (typeof FATTURAPA_FORMAT)[number]): TXmlNode {
  const credit = doc.kind === 'nota_di_credito';
  const causale = [
    ...(credit && doc.credits
      ? [INVOICE_DOCUMENT_TEXT.creditCausale(doc.credits.number, doc.credits.issued_on, doc.credit_reason)]
      : []),
    ...doc.notes,
  ].flatMap((note) => pieces(note, 200));
  const { withholding } = doc;
  return node(
    'DatiGenerali',
    node(
      'DatiGeneraliDocumento',
      leaf('TipoDocumento', credit ? format.creditNoteType : format.invoiceType),
      leaf('Divisa', 'EUR'),
      leaf('Data', doc.issued_on),
      leaf('Numero', doc.number),
      withholding &&
        node(
          'DatiRitenuta',
          leaf('TipoRitenuta', withholding.type),
          leaf('ImportoRitenuta', amount2(withholding.amount)),
          leaf('AliquotaRitenuta', rate(withholding.rate)),
          leaf('CausalePagamento', withholding.causale),
        ),
      doc.stamp_duty != null && node('DatiBollo', leaf('BolloVirtuale', 'SI'), leaf('ImportoBollo', amount2(doc.stamp_duty))),
      leaf('ImportoTotaleDocumento', amount2(doc.total)),
      causale.map((text) => ({ name: 'Causale', text })),
    ),
    credit &&
      doc.credits &&
      node('DatiFattureCollegate', leaf('IdDocumento', doc.credits.number), leaf('Data', doc.credits.issued_on)),
  );
}

function goodsAndServices(doc: TInvoiceDocument): TXmlNode {
  return node(
    'DatiBeniServizi',
    doc.lines.map((line) =>
      node(
        'DettaglioLinee',
        leaf('NumeroLinea', String(line.number)),
        leaf('Descrizione', latin(line.description, 1000)),
        line.quantity != null && leaf('Quantita', decimal8(line.quantity)),
        line.quantity != null && line.kind === 'hours' && leaf('UnitaMisura', 'ore'),
        leaf('PrezzoUnitario', decimal8(line.unit_price)),
        leaf('PrezzoTotale', amount2(line.total)),
        leaf('AliquotaIVA', rate(line.vat_rate)),
        line.withholding && leaf('Ritenuta', 'SI'),
        leaf('Natura', line.nature),
      ),
    ),
    doc.summary.map((row) =>
      node(
        'DatiRiepilogo',
        leaf('AliquotaIVA', rate(row.vat_rate)),
        leaf('Natura', row.nature),
        leaf('ImponibileImporto', amount2(row.taxable)),
        leaf('Imposta', amount2(row.tax)),
        // Immediate VAT; a row without VAT has none to be due.
        row.vat_rate > 0 && leaf('EsigibilitaIVA', 'I'),
        leaf('RiferimentoNormativo', row.legal_reference && latin(row.legal_reference, 100)),
      ),
    ),
  );
}

/**
 * A bank transfer (MP05) of the amount due by the due day, in one payment (TP02). A credit note asks for no payment:
 * it undoes an invoice that was not paid, so it has none.
 */
function payment(doc: TInvoiceDocument, format: (typeof FATTURAPA_FORMAT)[number]): TXmlNode | undefined {
  if (doc.kind === 'nota_di_credito') return undefined;
  return node(
    'DatiPagamento',
    leaf('CondizioniPagamento', format.paymentConditions),
    node(
      'DettaglioPagamento',
      leaf('ModalitaPagamento', format.paymentMethod),
      leaf('DataScadenzaPagamento', doc.due_on),
      leaf('ImportoPagamento', amount2(doc.amount_due)),
      leaf('IBAN', doc.supplier.iban?.replace(/\s+/g, '').toUpperCase()),
    ),
  );
}

/** The FatturaPA XML of an invoice or credit note, UTF-8, under the format in force on its issue day. */
export function fatturaPaXml(doc: TInvoiceDocument): string {
  const format = inForce(FATTURAPA_FORMAT, doc.issued_on);
  if (!format) throw new Error(`no FatturaPA format in force on ${doc.issued_on}`);
  const body = node('FatturaElettronicaBody', generalData(doc, format), goodsAndServices(doc), payment(doc, format));
  const inner = [header(doc, format), body].map((child) => writeXml(child, 1)).join('');
  return [
    '<?xml version="1.0" encoding="UTF-8"?>\n',
    `<p:FatturaElettronica xmlns:p="${NAMESPACE}" versione="${format.version}">\n`,
    inner,
    '</p:FatturaElettronica>\n',
  ].join('');
}
