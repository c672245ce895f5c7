/**
 * Files kept in the database in pieces (CVs, owners' documents; docs/decisions/030): the bytes in a pieces table under a
 * fresh version, then the file's head row pointed at that version in one small statement, so a reader sees the old
 * file or the new one, never half of either.
 */
import { createHash, randomUUID } from 'node:crypto';
import { isEmbedded, type TDb } from '../db/client';
import { unauthorized } from './errors';
import { unlessParentGone } from './sql';
import { writeTransaction } from './transactions';

/** Bytes per piece: on the embedded database one piece is one statement of a few milliseconds. */
export const PIECE_BYTES = 256 * 1024;

export interface TFileHead {
  userId: number;
  version: string;
  size: number;
  sha256: string;
  uploadedAt: Date;
}

export interface TFilePiece {
  userId: number;
  version: string;
  n: number;
  data: Buffer;
}

/** The three statements a kind of file needs; each module writes them against its own tables. */
export interface TPieceTables {
  insertPieces(db: TDb, pieces: TFilePiece[]): Promise<unknown>;
  /** Points the head at `head.version` and removes the pieces of every other version of the user's file. */
  makeCurrent(db: TDb, head: TFileHead): Promise<unknown>;
  deleteVersion(db: TDb, userId: number, version: string): Promise<unknown>;
}

/**
 * Stores (or replaces) a user's file, already checked. An account deleted meanwhile (a concurrent request, another
 * instance) answers 401: its session is over.
 */
export async function storeInPieces(tables: TPieceTables, db: TDb, userId: number, bytes: Buffer, now: Date, sha256?: string) {
  const head: TFileHead = {
    userId,
    version: randomUUID(),
    size: bytes.length,
    sha256: sha256 ?? createHash('sha256').update(bytes).digest('hex'),
    uploadedAt: now,
  };
  const pieces = Array.from({ length: Math.ceil(bytes.length / PIECE_BYTES) }, (_, n) => ({
    userId,
    version: head.version,
    n,
    data: bytes.subarray(n * PIECE_BYTES, (n + 1) * PIECE_BYTES),
  }));
  await unlessParentGone(
    () =>
      isEmbedded(db)
        ? storeOnEmbedded(tables, db, head, pieces)
        : writeTransaction(db, async (tx) => {
            await tables.insertPieces(tx, pieces);
            await tables.makeCurrent(tx, head);
          }),
    unauthorized,
  );
}

let embeddedWrites: Promise<unknown> = Promise.resolve();

/**
 * On PGlite every statement runs on the main thread, and every request queues behind it (decision 021): one statement
 * writing 5 MB held them all for 100–250 ms. Each piece is its own statement, with a turn for other requests in
 * between, under a version nobody reads yet; only then does the head point at it. One upload at a time does this, of
 * any kind of file, so a request waits behind at most one piece.
 */
function storeOnEmbedded(tables: TPieceTables, db: TDb, head: TFileHead, pieces: TFilePiece[]) {
  const write = async () => {
    try {
      for (const piece of pieces) {
        await tables.insertPieces(db, [piece]);
        await new Promise((resolve) => setImmediate(resolve));
      }
      await tables.makeCurrent(db, head);
    } catch (error) {
      await Promise.resolve(tables.deleteVersion(db, head.userId, head.version)).catch(() => {});
      throw error;
    }
  };
  const done = embeddedWrites.then(write, write);
  embeddedWrites = done.catch(() => {});
  return done;
}
