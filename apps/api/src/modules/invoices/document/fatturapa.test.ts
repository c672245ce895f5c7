/**
 * The FatturaPA files of four invoices (test/invoice-documents.ts) against the official schema and against golden files
 * checked by hand (fixtures/*.xml): a flat-rate invoice with the stamp duty, one at the threshold without it, an ordinary
 * one with withholding and IBAN, a credit note. A change of one byte of the XML fails here and must be looked at.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TInvoiceDocument } from '@farmaponte/shared';
import { describe, expect, it } from 'vitest';
import {
  CREDIT_NOTE,
  FLAT_UNDER_THRESHOLD,
  FLAT_WITH_STAMP,
  ORDINARY_WITH_WITHHOLDING,
} from '../../../../test/invoice-documents';
import { fatturaPaXml } from './fatturapa';
import { validateFatturaPa } from './validate';

const golden = (name: string) => readFileSync(join(import.meta.dirname, 'fixtures', `${name}.xml`), 'utf8');
const UNESCAPED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
/** The texts of the elements called `name`, unescaped. */
const element = (xml: string, name: string) =>
  [...xml.matchAll(new RegExp(`<${name}>([^<]*)</${name}>`, 'g'))].map((match) =>
    (match[1] ?? '').replace(/&(amp|lt|gt|quot|apos);/g, (_, entity: string) => UNESCAPED[entity] ?? ''),
  );

describe('the FatturaPA file of an invoice', () => {
  const cases: [string, TInvoiceDocument][] = [
    ['forfettario-bollo', FLAT_WITH_STAMP],
    ['forfettario-sotto-soglia', FLAT_UNDER_THRESHOLD],
    ['ordinario-ritenuta', ORDINARY_WITH_WITHHOLDING],
    ['nota-di-credito', CREDIT_NOTE],
  ];

  it.each(cases)('%s is valid against the schema and is its golden file byte for byte', async (name, doc) => {
    const xml = fatturaPaXml(doc);
    expect(await validateFatturaPa(xml)).toEqual({ valid: true, errors: [] });
    expect(xml).toBe(golden(name));
  });

  it('bills a flat-rate invoice without VAT, with the duty of 2 € and the wording', () => {
    const xml = fatturaPaXml(FLAT_WITH_STAMP);
    expect(element(xml, 'RegimeFiscale')).toEqual(['RF19']);
    // 261,42 + 24,60 + 7,50 = 293,52 under N2.2, the 2,00 duty under N1: 295,52, all of it to pay.
    expect(element(xml, 'Natura')).toEqual(['N2.2', 'N2.2', 'N2.2', 'N1', 'N2.2', 'N1']);
    expect(element(xml, 'ImponibileImporto')).toEqual(['293.52', '2.00']);
    expect(element(xml, 'ImportoBollo')).toEqual(['2.00']);
    expect(element(xml, 'ImportoTotaleDocumento')).toEqual(['295.52']);
    expect(element(xml, 'ImportoPagamento')).toEqual(['295.52']);
    expect(element(xml, 'Quantita')).toEqual(['8.33333333']);
    expect(xml).not.toContain('<DatiRitenuta>');
    expect(xml).not.toContain('<EsigibilitaIVA>');
    expect(element(xml, 'Causale').join(' ')).toContain('regime forfettario');
    // Under the threshold: no DatiBollo, no duty line; the PEC is where the file goes with no SdI code.
    const under = fatturaPaXml(FLAT_UNDER_THRESHOLD);
    expect(under).not.toContain('<DatiBollo>');
    expect(element(under, 'ImportoTotaleDocumento')).toEqual(['77.47']);
    expect(element(under, 'CodiceDestinatario')).toEqual(['0000000']);
    expect(element(under, 'PECDestinatario')).toEqual(['farmacia.santanna@pec.example.it']);
  });

  it('taxes an ordinary invoice at 22% and withholds 20% on every line, asking the total less the withholding', () => {
    const xml = fatturaPaXml(ORDINARY_WITH_WITHHOLDING);
    // 250,50 € of lines; VAT 55,11; total 305,61; withholding 50,10; due 255,51 by bank transfer to her IBAN.
    expect(element(xml, 'AliquotaIVA')).toEqual(['22.00', '22.00', '22.00', '22.00', '22.00']);
    expect(element(xml, 'Ritenuta')).toEqual(['SI', 'SI', 'SI', 'SI']);
    expect(element(xml, 'TipoRitenuta')).toEqual(['RT01']);
    expect(element(xml, 'CausalePagamento')).toEqual(['A']);
    expect(element(xml, 'ImportoRitenuta')).toEqual(['50.10']);
    expect(element(xml, 'Imposta')).toEqual(['55.11']);
    expect(element(xml, 'EsigibilitaIVA')).toEqual(['I']);
    expect(element(xml, 'ImportoTotaleDocumento')).toEqual(['305.61']);
    expect(element(xml, 'ImportoPagamento')).toEqual(['255.51']);
    expect(element(xml, 'IBAN')).toEqual(['IT60X0542811101000000123456']);
    expect(element(xml, 'PECDestinatario')).toEqual([]);
  });

  it("writes a credit note as TD04 linked to the invoice, with the invoice's amounts and nothing to pay", () => {
    const xml = fatturaPaXml(CREDIT_NOTE);
    const invoice = fatturaPaXml(FLAT_WITH_STAMP);
    expect(element(xml, 'TipoDocumento')).toEqual(['TD04']);
    expect(element(xml, 'IdDocumento')).toEqual(['1/FP']);
    expect(xml).toMatch(/<DatiFattureCollegate>\s*<IdDocumento>1\/FP<\/IdDocumento>\s*<Data>2025-03-10<\/Data>/);
    for (const name of ['PrezzoTotale', 'ImponibileImporto', 'ImportoTotaleDocumento', 'ImportoBollo'])
      expect(element(xml, name)).toEqual(element(invoice, name));
    expect(element(xml, 'Causale')[0]).toBe(
      'Nota di credito a storno totale della fattura n. 1/FP del 10/03/2025. Motivo: Ore indicate due volte per errore',
    );
    expect(xml).not.toContain('<DatiPagamento>');
  });
});

describe('texts in the file', () => {
  it("escapes & < > ' and keeps à as UTF-8; writes – and € plainly, as Latin-1 types require", () => {
    const xml = fatturaPaXml(FLAT_WITH_STAMP);
    expect(xml).toContain('<Denominazione>Farmacia Sant&apos;Anna &amp; Figli S.n.c.</Denominazione>');
    expect(xml).toContain('&lt;diurni&gt; - Farmacia Sant&apos;Anna &amp; Figli, Forlì: 8 ore 20 min a 31,37 EUR/ora');
    expect(xml).toContain('<Comune>Forlì</Comune>');
    expect(xml).not.toMatch(/&(?!(amp|lt|gt|quot|apos);)/);
  });

  it('fits names from other alphabets, long descriptions and long notes to the schema, and stays valid', async () => {
    const doc: TInvoiceDocument = {
      ...FLAT_WITH_STAMP,
      supplier: { ...FLAT_WITH_STAMP.supplier, given_name: undefined, family_name: undefined, name: 'Łucja  Wójcik Żak' },
      client: { ...FLAT_WITH_STAMP.client, name: `Farmacia 王 ${'Lunga '.repeat(20)}` },
      lines: FLAT_WITH_STAMP.lines.map((line) => ({ ...line, description: `${line.description} ${'x'.repeat(1200)}` })),
      notes: [`${'Annotazione lunga '.repeat(15)}fine.`, ...FLAT_WITH_STAMP.notes],
    };
    const xml = fatturaPaXml(doc);
    expect(await validateFatturaPa(xml)).toEqual({ valid: true, errors: [] });
    // No Nome and Cognome in the snapshot: the first word and the rest, without the accents Latin-1 lacks.
    expect(element(xml, 'Nome')).toEqual(['Lucja']);
    expect(element(xml, 'Cognome')).toEqual(['Wójcik Zak']);
    expect(element(xml, 'Denominazione')[0]).toMatch(/^Farmacia \? Lunga/);
    expect(element(xml, 'Denominazione')[0]?.length).toBeLessThanOrEqual(80);
    for (const description of element(xml, 'Descrizione').slice(0, 3)) expect(description.length).toBe(1000);
    const causale = element(xml, 'Causale');
    expect(causale.length).toBe(5);
    expect(causale.every((text) => text.length <= 200)).toBe(true);
    expect(`${causale[0]} ${causale[1]}`).toBe(`${'Annotazione lunga '.repeat(15)}fine.`);
  });
});

describe('a file the schema refuses', () => {
  const xml = fatturaPaXml(FLAT_WITH_STAMP);

  it('is reported invalid, naming the missing CodiceDestinatario', async () => {
    const broken = xml.replace(/\s*<CodiceDestinatario>[^<]*<\/CodiceDestinatario>/, '');
    const result = await validateFatturaPa(broken);
    expect(result.valid).toBe(false);
    expect(result.errors.join('\n')).toMatch(/DatiTrasmissione.*Expected is \( CodiceDestinatario \)/);
  });

  it('is reported invalid, naming the amount written with a comma', async () => {
    const result = await validateFatturaPa(xml.replace('<ImportoTotaleDocumento>295.52', '<ImportoTotaleDocumento>295,52'));
    expect(result.valid).toBe(false);
    expect(result.errors.join('\n')).toContain("Element 'ImportoTotaleDocumento'");
  });

  it('is reported invalid when it is not XML at all', async () => {
    const result = await validateFatturaPa(xml.replace('</p:FatturaElettronica>', ''));
    expect(result.valid).toBe(false);
    expect(result.errors.length).toBeGreaterThan(0);
  });
});
