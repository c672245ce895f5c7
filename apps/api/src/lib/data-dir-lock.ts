/** PGlite is single-process: a lock file keeps a CLI command from opening the data directory while the server has it. */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'pglite.lock');
  if (existsSync(file)) {
    const pid = Number(readFileSync(file, 'utf8'));
    if (pid && pid !== process.pid && alive(pid))
      throw new Error(`Il database incorporato in ${dataDir} è in uso dal processo ${pid}: fermalo prima di continuare.`);
  }
  writeFileSync(file, String(process.pid));
  return () => rmSync(file, { force: true });
}
