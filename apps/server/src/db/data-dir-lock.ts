import fs from 'node:fs';
import path from 'node:path';

/** The file in a data folder that names the process holding it. */
const LOCK_FILE = 'earn.pid';

/** The folders this process holds: another of its own opens of one is refused like another process's. */
const held = new Set<string>();

/** A start refused because another server holds the folder. */
export class DataDirInUseError extends Error {
  constructor(dir: string, holder: number) {
    super(
      `The data folder ${dir} is in use by process ${holder}: stop it (and let it finish stopping) before starting another server on it`,
    );
    this.name = 'DataDirInUseError';
  }
}

/**
 * Whether the process that wrote the lock still holds it: a process of that id runs, and it is a
 * Node process where the system says what a process runs (Linux): a server killed and started again
 * in a new container may find its old id taken by another program, or be given that id itself.
 */
function holds(pid: number, dir: string): boolean {
  if (pid === process.pid) return held.has(dir);
  try {
    process.kill(pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('node');
  } catch {
    return true;
  }
}

/**
 * Holds an embedded database's folder for this process, or refuses, naming the process that holds
 * it: PGlite keeps no lock of its own, and two servers writing one folder would corrupt it (a
 * restart while the old server is still stopping). A holder that ended without letting go (killed)
 * no longer holds it, and its folder is taken over. A process id, not a lock kept fresh by a timer:
 * PGlite's queries run on the event loop, and a long hour would let a timed lock go stale under a
 * server still running. Returns the release.
 */
export function holdDataDir(dir: string): () => void {
  const file = path.join(dir, LOCK_FILE);
  const key = path.resolve(dir);
  for (;;) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
      held.add(key);
      return () => {
        held.delete(key);
        // Gone already (removed by hand) is let go too.
        if (fs.existsSync(file) && fs.readFileSync(file, 'utf8') === String(process.pid))
          fs.rmSync(file, { force: true });
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const holder = Number(fs.readFileSync(file, 'utf8'));
    if (Number.isInteger(holder) && holder > 0 && holds(holder, key)) throw new DataDirInUseError(dir, holder);
    fs.rmSync(file, { force: true });
  }
}
