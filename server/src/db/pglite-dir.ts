import fs from 'node:fs';
import path from 'node:path';

/** The embedded database's folder in a DATA_DIR (client.ts openDatabase keeps it there). */
export const pgliteDirOf = (dataDir: string) => path.resolve(dataDir, 'pglite');

export interface PgliteDirState {
  dir: string;
  /** A PostgreSQL data directory is there (it has PG_VERSION). */
  exists: boolean;
  /** postmaster.pid is there: PGlite writes it on open and removes it on close (a killed process leaves it behind). */
  pidFile: boolean;
  /** Other processes holding files of the folder open; null where that cannot be told (no /proc). */
  openBy: number[] | null;
}

/**
 * Whether an embedded database is there and whether another process has it open. PGlite's data directory is for one
 * process at a time and PGlite takes no lock on it (its postmaster.pid names no real process), so a second process
 * opening it while the portal runs would read half-written pages and corrupt it by writing: the processes holding its
 * files open are looked up in /proc instead.
 */
export function pgliteDirState(dataDir: string): PgliteDirState {
  const dir = pgliteDirOf(dataDir);
  const exists = fs.existsSync(path.join(dir, 'PG_VERSION'));
  const pidFile = fs.existsSync(path.join(dir, 'postmaster.pid'));
  return { dir, exists, pidFile, openBy: pidFile ? processesHolding(dir) : [] };
}

function processesHolding(dir: string): number[] | null {
  let pids: string[];
  try {
    pids = fs.readdirSync('/proc').filter((p) => /^\d+$/.test(p) && Number(p) !== process.pid);
  } catch {
    return null;
  }
  const inside = `${dir}${path.sep}`;
  const holding: number[] = [];
  for (const pid of pids) {
    let fds: string[];
    try {
      fds = fs.readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue; // gone, or another user's
    }
    for (const fd of fds) {
      let target = '';
      try {
        target = fs.readlinkSync(`/proc/${pid}/fd/${fd}`);
      } catch {
        continue;
      }
      if (target === dir || target.startsWith(inside)) {
        holding.push(Number(pid));
        break;
      }
    }
  }
  return holding;
}

/** Why a command may not open the embedded database now, or null when it may. */
export function pgliteInUse(state: PgliteDirState): string | null {
  if (!state.pidFile) return null;
  if (state.openBy === null) {
    return (
      `${state.dir} holds postmaster.pid: a portal has the embedded database open, or one ended without closing it. PGlite's data ` +
      `directory is single-process: stop the portal and run this again (if none runs, start and stop it once: that closes the database cleanly).`
    );
  }
  if (state.openBy.length) {
    return `The embedded database in ${state.dir} is open in process ${state.openBy.join(', ')} (a running portal?). PGlite's data directory is single-process: stop that process, then run this again.`;
  }
  return null;
}
