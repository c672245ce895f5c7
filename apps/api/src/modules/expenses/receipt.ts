/**
 * An expense's receipt (decision 095): a PDF, a JPEG or a PNG of at most HOURS_CLOSING.receiptMaxBytes, known by its
 * first bytes (what the client calls it is not enough: a file named .pdf may be anything), with a plain name.
 */
import { HOURS_CLOSING, INVOICE_MESSAGES as M } from '@farmaponte/shared';
import { plainFileName } from '../../lib/download';
import { badRequest, HttpError } from '../../lib/errors';

type TReceiptType = (typeof HOURS_CLOSING.receiptTypes)[number];

/** The first bytes of each type: '%PDF-', a JPEG's start of image, PNG's eight-byte signature. */
const SIGNATURES: Record<TReceiptType, { bytes: number[]; extension: string }> = {
  'application/pdf': { bytes: [0x25, 0x50, 0x44, 0x46, 0x2d], extension: 'pdf' },
  'image/jpeg': { bytes: [0xff, 0xd8, 0xff], extension: 'jpg' },
  'image/png': { bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], extension: 'png' },
};

const startsWith = (body: Buffer, bytes: number[]) =>
  body.length >= bytes.length && bytes.every((byte, index) => body[index] === byte);

/** The type the bytes are, whatever the request called them; undefined for anything else. */
export function receiptTypeOf(body: Buffer): TReceiptType | undefined {
  return (Object.keys(SIGNATURES) as TReceiptType[]).find((type) => startsWith(body, SIGNATURES[type].bytes));
}

/**
 * The receipt of a claim: 400 receipt_missing without bytes, 413 receipt_too_large above the limit, 415 receipt_type
 * unless the bytes are a PDF, JPEG or PNG. The name keeps what the client gave, with the type's extension.
 */
export function checkedReceipt(body: unknown, rawName: string | undefined): { bytes: Buffer; type: TReceiptType; name: string } {
  if (body == null || body === '' || (Buffer.isBuffer(body) && body.length === 0))
    throw badRequest(M.receiptMissing, 'receipt_missing');
  // Another content type (text, JSON) reached its own parser: not a receipt.
  if (!Buffer.isBuffer(body)) throw new HttpError(415, M.receiptType, 'receipt_type');
  if (body.length > HOURS_CLOSING.receiptMaxBytes) throw new HttpError(413, M.receiptTooLarge, 'receipt_too_large');
  const type = receiptTypeOf(body);
  if (!type) throw new HttpError(415, M.receiptType, 'receipt_type');
  const { extension } = SIGNATURES[type];
  const base = plainFileName(rawName) || 'ricevuta';
  const name = base.toLowerCase().endsWith(`.${extension}`) ? base : `${base.replace(/\.[a-z0-9]{1,5}$/i, '')}.${extension}`;
  return { bytes: body, type, name };
}
