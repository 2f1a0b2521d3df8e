import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { holdDataDir } from '../src/db/data-dir-lock.js';
import { startTestServer } from './helpers.js';

const freshDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'earn-lock-'));

describe('an embedded database folder is held by one server at a time', () => {
  it('refuses a second server on a folder in use, naming the process, and lets it start once the first has stopped', async () => {
    const dir = freshDir();
    const first = await startTestServer({ postgres: false, dataDir: dir });
    await expect(startTestServer({ postgres: false, dataDir: dir })).rejects.toThrow(
      `The data folder ${dir} is in use by process ${process.pid}`,
    );
    // The first still works: the refused start touched nothing of it.
    expect((await fetch(`${first.url}/healthz`)).status).toBe(200);
    await first.close();
    const second = await startTestServer({ postgres: false, dataDir: dir });
    expect((await fetch(`${second.url}/healthz`)).status).toBe(200);
    await second.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('takes over a folder whose holder id now names another program, or this process itself (a new container)', () => {
    const dir = freshDir();
    const lock = path.join(dir, 'earn.pid');
    // This process did not open the folder: the id is a former server's that this one was given.
    fs.writeFileSync(lock, String(process.pid));
    holdDataDir(dir)();
    // A running program that is not Node (where the system says what runs).
    if (fs.existsSync('/proc/self/cmdline')) {
      const other = spawn('sleep', ['5']);
      fs.writeFileSync(lock, String(other.pid));
      const release = holdDataDir(dir);
      expect(fs.readFileSync(lock, 'utf8')).toBe(String(process.pid));
      release();
      other.kill();
    }
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('takes over a folder whose holder ended without letting go (killed)', () => {
    const dir = freshDir();
    // The id of a process that has ended.
    const ended = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']).stdout.toString();
    fs.writeFileSync(path.join(dir, 'earn.pid'), ended);
    const release = holdDataDir(dir);
    expect(fs.readFileSync(path.join(dir, 'earn.pid'), 'utf8')).toBe(String(process.pid));
    release();
    expect(fs.existsSync(path.join(dir, 'earn.pid'))).toBe(false);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
