// `npm start`: builds the web app if it has not been built, then runs the server with demo data on
// http://localhost:8080 (PORT to change). EARN_DEMO defaults to 1 here; production sets it to 0.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

if (!existsSync(path.join(root, 'apps/web/dist/index.html'))) {
  const built = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

// The server runs as this process's own child (node with tsx's loader, no npm or shell between),
// and a stop signal sent to `npm start` reaches it: the server then closes what it holds (its
// database folder above all) before this process exits with its code.
const server = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
  cwd: path.join(root, 'apps/server'),
  stdio: 'inherit',
  env: {
    ...process.env,
    EARN_DEMO: process.env.EARN_DEMO ?? '1',
    // The server runs in apps/server; the embedded database lives in the repository's .data/.
    EARN_DATA_DIR: process.env.EARN_DATA_DIR ?? path.join(root, '.data'),
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
