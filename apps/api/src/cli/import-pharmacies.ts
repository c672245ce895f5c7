/** npm run import-pharmacies -- FILE.csv: loads the Ministry of Health's pharmacy registry (upsert by cod_farmacia). */
import { readFileSync } from 'node:fs';
import { REGISTRY_MESSAGES } from '@farmaponte/shared';
import { loadConfig } from '../config';
import { openDatabase, WAITING_FOR_PREPARE } from '../db/client';
import { lockDataDir } from '../lib/data-dir-lock';
import { CLI_ACTOR } from '../modules/audit';
import { importRegistry, RegistryFormatError } from '../modules/pharmacies';

const file = process.argv[2];
if (!file) {
  console.error('Uso: npm run import-pharmacies -- FILE.csv   (elenco farmacie del Ministero della Salute, separato da ";")');
  process.exit(2);
}
let content: Buffer;
try {
  // Bytes: the import reads the encoding itself (UTF-8, with or without BOM, or Windows-1252).
  content = readFileSync(file);
} catch (error) {
  console.error(`Impossibile leggere ${file}: ${(error as Error).message}`);
  process.exit(2);
}

const config = loadConfig();
const unlock = config.DATABASE_URL ? () => {} : lockDataDir(config.dataDir);
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
const tty = process.stdout.isTTY;
try {
  await database.exclusively(
    () => database.migrate(),
    () => console.log(WAITING_FOR_PREPARE),
  );
  const started = Date.now();
  // One transaction (all or nothing): the server is not running on this database, so nobody waits for it.
  const report = await importRegistry(database.db, content, {
    // The audit log's actor for the command line: no account, and a name no account can have (docs/decisions/061).
    audit: { actor: CLI_ACTOR, now: new Date() },
    onProgress: (done, total) => {
      const line = `Importazione: ${done}/${total} farmacie (${Math.round((done / Math.max(total, 1)) * 100)}%)`;
      if (tty) process.stdout.write(`\r${line}`);
      else if (done === total || done % 5000 === 0) console.log(line);
    },
  });
  if (tty) process.stdout.write('\n');
  console.log(`Codifica del file:  ${REGISTRY_MESSAGES.encodings[report.encoding]}`);
  console.log(`Righe lette:        ${report.read}`);
  console.log(`Farmacie nuove:     ${report.imported}`);
  console.log(`Farmacie aggiornate: ${report.updated}`);
  console.log(`Righe scartate:     ${report.skipped}`);
  for (const [reason, n] of Object.entries(report.skippedReasons)) console.log(`  - ${reason}: ${n}`);
  if (report.badRowCount > 0) {
    console.log(`Righe con errori (${report.badRowCount}, non importate):`);
    for (const { row, reason } of report.badRows) console.log(`  riga ${row}: ${reason}`);
    if (report.badRowCount > report.badRows.length) console.log(`  … e altre ${report.badRowCount - report.badRows.length}`);
  }
  console.log(`Senza coordinate valide: ${report.withoutCoordinates}`);
  console.log(`Completato in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
} catch (error) {
  if (tty) process.stdout.write('\n');
  console.error(error instanceof RegistryFormatError ? error.message : error);
  process.exitCode = 1;
} finally {
  await database.close();
  unlock();
}
