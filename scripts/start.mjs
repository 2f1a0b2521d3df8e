// `npm start`: builds the web app if it has not been built, then runs the server with demo data on
// http://localhost:8080 (PORT to change). EARN_DEMO defaults to 1 here; production sets it to 0.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const run = (args, env = process.env) => {
  const result = spawnSync('npm', args, { cwd: root, stdio: 'inherit', env });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

if (!existsSync(path.join(root, 'apps/web/dist/index.html'))) run(['run', 'build']);
run(['run', 'start', '-w', '@earn/server'], {
  ...process.env,
  EARN_DEMO: process.env.EARN_DEMO ?? '1',
  // The workspace script runs in apps/server; the embedded database lives in the repository's .data/.
  EARN_DATA_DIR: process.env.EARN_DATA_DIR ?? path.join(root, '.data'),
});
