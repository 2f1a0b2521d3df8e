import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/** What the issue allows the first page's JavaScript to weigh, gzipped. */
export const FIRST_PAGE_BUDGET_BYTES = 170 * 1024;

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

export interface PageWeight {
  page: string;
  jsGzipBytes: number;
  cssGzipBytes: number;
  /** jsGzipBytes against FIRST_PAGE_BUDGET_BYTES: at most 1 is within budget. */
  ratio: number;
}

/**
 * The JavaScript and CSS a page's first load fetches, gzipped as the server sends them: the entry,
 * the app it fetches and starts after the first paint (src/main.tsx), the dictionary of the page's
 * language fetched beside it (English unless told), the page's lazy chunk, and every chunk they
 * import statically (read from Vite's manifest).
 */
export function firstPageWeights(
  dist: string,
  pages: Record<string, string>,
  dictionary = 'src/i18n/en.ts',
): PageWeight[] {
  const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const gz = (file: string) => zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;
  return Object.entries(pages).map(([page, source]) => {
    const seen = new Set<string>();
    const visit = (key: string) => {
      if (seen.has(key)) return;
      seen.add(key);
      for (const dep of manifest[key]?.imports ?? []) visit(dep);
    };
    visit('index.html');
    visit('src/main.tsx');
    visit(dictionary);
    visit(source);
    const chunks = [...seen].map((k) => manifest[k]).filter((c): c is ManifestChunk => c !== undefined);
    const js = chunks.reduce((sum, c) => sum + gz(c.file), 0);
    const css = [...new Set(chunks.flatMap((c) => c.css ?? []))].reduce((sum, f) => sum + gz(f), 0);
    return { page, jsGzipBytes: js, cssGzipBytes: css, ratio: js / FIRST_PAGE_BUDGET_BYTES };
  });
}
