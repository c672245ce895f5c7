/** PGlite is single-process: a lock file keeps a CLI command from opening the data directory while the server has it. */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { StartupError } from './startup-errors';

/** When a process started (clock ticks since boot, /proc/PID/stat field 22); '' where /proc is not there. */
function startTimeOf(pid: number): string {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? '';
  } catch {
    return '';
  }
}

/** The locking process still runs: its pid is alive and, where /proc tells, it is the same process (pids are reused). */
function stillHeld(pid: number, startTime: string): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  return !startTime || !startTimeOf(pid) || startTimeOf(pid) === startTime;
}

export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'pglite.lock');
  if (existsSync(file)) {
    // "pid startTime"; a lock whose process is gone (killed, machine restarted) is taken over.
    const [pidText = '', startTime = ''] = readFileSync(file, 'utf8').trim().split(' ');
    const pid = Number(pidText);
    if (pid && pid !== process.pid && stillHeld(pid, startTime))
      throw new StartupError(`Il database incorporato in ${dataDir} è in uso dal processo ${pid}: fermalo prima di continuare.`);
  }
  writeFileSync(file, `${process.pid} ${startTimeOf(process.pid)}`);
  return () => rmSync(file, { force: true });
}
