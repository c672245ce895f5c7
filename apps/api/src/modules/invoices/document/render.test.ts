/**
 * An invoice's documents as the issuing endpoint stores them: the valid XML with its SHA-256 and SdI file name, the
 * PDF copy a person reads (its text read back from the file), and a refusal when the XML would not be valid.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CREDIT_NOTE, FLAT_WITH_STAMP, ORDINARY_WITH_WITHHOLDING } from '../../../../test/invoice-documents';
import { pdfPages } from '../../../../test/pdf-text';
import { InvoiceInvalidError, renderInvoice, sdiFileName, sdiProgressive } from './index';

describe('the SdI file name', () => {
  it('is IT, the partita IVA and the id in five upper-case base-36 characters', () => {
    expect(sdiFileName('01234567890', 1)).toBe('IT01234567890_00001.xml');
    expect(sdiFileName('01234567890', 35)).toBe('IT01234567890_0000Z.xml');
    expect(sdiFileName('01234567890', 36)).toBe('IT01234567890_00010.xml');
    // 123456 = 2 × 36³ + 23 × 36² + 09 × 36 + 12 → '2N9C'.
    expect(sdiFileName('01234567890', 123456)).toBe('IT01234567890_02N9C.xml');
    expect(sdiProgressive(36 ** 5 - 1)).toBe('ZZZZZ');
  });

  it('has no progressive for an id five characters cannot hold', () => {
    expect(() => sdiProgressive(36 ** 5)).toThrow(RangeError);
    expect(() => sdiProgressive(0)).toThrow(RangeError);
    expect(() => sdiProgressive(1.5)).toThrow(RangeError);
  });
});

describe('renderInvoice', () => {
  it("gives the valid XML, its SHA-256, the file name whose progressive is the file's ProgressivoInvio, and the PDF", async () => {
    const rendered = await renderInvoice(ORDINARY_WITH_WITHHOLDING);
    expect(rendered.fileName).toBe('IT01234567890_00011.xml');
    expect(rendered.xml).toContain('<ProgressivoInvio>00011</ProgressivoInvio>');
    expect(rendered.xmlSha256).toBe(createHash('sha256').update(Buffer.from(rendered.xml, 'utf8')).digest('hex'));
    expect(Buffer.from(rendered.pdf.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    // The same snapshot, the same bytes: what is stored can be made again and compared.
    const again = await renderInvoice(ORDINARY_WITH_WITHHOLDING);
    expect([again.xmlSha256, Buffer.from(again.pdf).equals(Buffer.from(rendered.pdf))]).toEqual([rendered.xmlSha256, true]);
  });

  it('writes a PDF copy with the number, the parties, the lines, the withholding, the amount due and the IBAN', async () => {
    const text = (await pdfPages((await renderInvoice(ORDINARY_WITH_WITHHOLDING)).pdf)).flat();
    expect(text).toContain('Fattura n. 3/FP');
    expect(text).toContain('Data: 31/03/2025');
    expect(text).toContain('Copia di cortesia: il documento fiscale è il file XML inviato allo SdI.');
    expect(text).toContain('Anna Maria De Santis');
    expect(text).toContain("Farmacia Sant'Anna & Figli S.n.c.");
    expect(text).toContain('Partita IVA: 09876543210 · Codice fiscale: 09876543210');
    expect(text).toContain('Alloggio, una notte');
    expect(text).toContain('Totale documento: 305,61 €');
    expect(text).toContain("Ritenuta d'acconto (20%): -50,10 €");
    expect(text).toContain('Netto a pagare: 255,51 €');
    expect(text).toContain('Scadenza del pagamento: 30/04/2025 (bonifico)');
    expect(text).toContain('IBAN: IT60 X054 2811 1010 0000 0123 456');
    expect(text).toContain('Pagina 1 di 1');
  });

  it('writes the stamp duty and the wording on a flat-rate copy, and what a credit note undoes', async () => {
    const flat = (await pdfPages((await renderInvoice(FLAT_WITH_STAMP)).pdf)).flat();
    expect(flat).toContain('Imposta di bollo (assolta in modo virtuale, addebitata al cliente): 2,00 €');
    expect(flat).toContain('Netto a pagare: 295,52 €');
    expect(flat.join(' ')).toContain('regime forfettario');
    expect(flat).toContain('N2.2');
    const note = (await pdfPages((await renderInvoice(CREDIT_NOTE)).pdf)).flat();
    expect(note).toContain('Nota di credito n. 4/FP');
    expect(note).toContain('Storna la fattura n. 1/FP del 10/03/2025.');
    expect(note).toContain('Motivo: Ore indicate due volte per errore');
    expect(note).toContain('Importo stornato: 295,52 €');
    expect(note.join(' ')).not.toContain('Netto a pagare');
  });

  it('refuses to give documents whose XML the schema refuses, with the errors naming the element', async () => {
    const doc = {
      ...FLAT_WITH_STAMP,
      supplier: { ...FLAT_WITH_STAMP.supplier, address: { ...FLAT_WITH_STAMP.supplier.address, cap: '2012' } },
    };
    const error = await renderInvoice(doc).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(InvoiceInvalidError);
    expect((error as InvoiceInvalidError).errors.join('\n')).toContain("Element 'CAP'");
  });
});
