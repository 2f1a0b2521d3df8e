// After `vite build`: renders the pages a guest lands on into dist/pages/<path>.<locale>[.phone].html
// (with .br and .gz beside them), which the server sends for those addresses in the reader's
// language and for their width.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import { build } from 'vite';

const webRoot = path.resolve(import.meta.dirname, '..');
const dist = path.join(webRoot, 'dist');
const ssrOut = fs.mkdtempSync(path.join(os.tmpdir(), 'earn-prerender-'));
try {
  await build({
    root: webRoot,
    logLevel: 'warn',
    // Everything bundled: some libraries' files cannot be imported by Node as they are published.
    ssr: { noExternal: true },
    build: { ssr: 'src/prerender.tsx', outDir: ssrOut, emptyOutDir: true, manifest: false },
  });
  const { prerenderPages, routePatterns, ROUTES_FILE } = await import(
    pathToFileURL(path.join(ssrOut, 'prerender.js')).href
  );
  const template = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const pagesDir = path.join(dist, 'pages');
  fs.rmSync(pagesDir, { recursive: true, force: true });
  for (const page of await prerenderPages(template)) {
    const file = path.join(pagesDir, page.file);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, page.html);
    fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(page.html));
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(page.html, { level: 9 }));
  }
  // The app's routes, so the server answers an address with no page with 404.
  fs.writeFileSync(path.join(pagesDir, ROUTES_FILE), JSON.stringify(routePatterns()));
  console.log(
    `prerendered ${fs.readdirSync(pagesDir, { recursive: true }).filter((f) => String(f).endsWith('.html')).length} pages`,
  );
} finally {
  fs.rmSync(ssrOut, { recursive: true, force: true });
}
// The app's modules keep timers of their own (the query cache's); the pages are written.
process.exit(0);
