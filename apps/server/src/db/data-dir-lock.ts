import fs from 'node:fs';
import path from 'node:path';

/** The file in a data folder that names the process holding it. */
const LOCK_FILE = 'earn.pid';

/** Whether a process of this id runs (one that is not ours to signal runs too). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Holds an embedded database's folder for this process, or refuses, naming the process that holds
 * it: PGlite keeps no lock of its own, and two servers writing one folder would corrupt it (a
 * restart while the old server is still stopping). A holder that ended without letting go (killed)
 * no longer runs, and its folder is taken over. A process id, not a lock kept fresh by a timer:
 * PGlite's queries run on the event loop, and a long hour would let a timed lock go stale under a
 * server still running. Returns the release.
 */
export function holdDataDir(dir: string): () => void {
  const file = path.join(dir, LOCK_FILE);
  for (;;) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
      return () => {
        // Gone already (removed by hand) is let go too.
        if (fs.existsSync(file) && fs.readFileSync(file, 'utf8') === String(process.pid))
          fs.rmSync(file, { force: true });
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const holder = Number(fs.readFileSync(file, 'utf8'));
    if (Number.isInteger(holder) && holder > 0 && isRunning(holder)) {
      throw new Error(
        `The data folder ${dir} is in use by process ${holder}: stop it (and let it finish stopping) before starting another server on it`,
      );
    }
    fs.rmSync(file, { force: true });
  }
}
