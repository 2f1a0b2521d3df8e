import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

/**
 * The entry only starts the app after the first paint (src/boot.ts), and the app's styles are the
 * page's, as Vite does for an entry's static imports (so a prerendered page is drawn styled). Its
 * scripts are not preloaded: on a slow link they would take the bandwidth the page needs to show;
 * the entry's import fetches them all at once (Vite's preload of a dynamic import's files).
 */
function appStyles(): Plugin {
  return {
    name: 'earn:app-styles',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        if (!bundle) return [];
        const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
        const main = chunks.find((c) => c.facadeModuleId?.endsWith('/src/main.tsx'));
        if (!main) throw new Error('no chunk for src/main.tsx');
        const files = new Set<string>();
        const visit = (file: string) => {
          if (files.has(file)) return;
          files.add(file);
          const chunk = chunks.find((c) => c.fileName === file);
          for (const imported of chunk?.imports ?? []) visit(imported);
        };
        visit(main.fileName);
        const styles = [...files].flatMap((file) => [
          ...(chunks.find((c) => c.fileName === file)?.viteMetadata?.importedCss ?? []),
        ]);
        return styles.map((file) => ({
          tag: 'link',
          attrs: { rel: 'stylesheet', crossorigin: true, href: `/${file}` },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}

/**
 * Mantine's useId takes React's id and, once mounted, swaps it for a random one (a layout effect
 * that sets state): every component with an id is drawn twice at once on the page's first showing,
 * and the ids of a prerendered page change under the reader. React's own id is the same in the
 * prerender and in the browser and unique per page, so it is kept.
 */
function stableMantineIds(): Plugin {
  return {
    name: 'earn:stable-mantine-ids',
    enforce: 'pre',
    load(id) {
      if (!id.replaceAll('\\', '/').endsWith('/@mantine/hooks/esm/use-id/use-id.mjs')) return null;
      return `import { useId as useReactId } from 'react';
export function useId(staticId) {
  const reactId = useReactId();
  return typeof staticId === 'string' ? staticId : \`mantine-\${reactId.replace(/[^A-Za-z0-9_-]/g, '')}\`;
}`;
    },
  };
}

/**
 * The libraries every page runs (React, the router, queries, translations, decimals, dates, Mantine's
 * core): one chunk, not the dozens of small ones they would otherwise be cut into. Each
 * chunk costs the page a preload link, a request and a module to link, and gzip packs one file
 * tighter than many.
 */
const FRAMEWORK =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack|i18next|react-i18next|decimal\.js|dayjs|clsx|use-sync-external-store|@mantine[\\/]core[\\/]esm[\\/]core)[\\/]/;

/**
 * Some of Mantine's components import a whole library for a trifle, which would put that library on
 * every page: the scroll area takes floating-ui (15 KB gzip, needed only by pop-overs) for its
 * ref-merging hook, and is given Mantine's own. The table brings its scroll container, and with
 * it the scroll area (5 KB gzip), to every page with a table: tables scroll with the browser's own
 * scrolling (TableScroll), and Table.ScrollContainer says so if used. The build fails if Mantine's
 * source changes.
 */
const LEAN_IMPORTS: { file: string; from: string; to: string }[] = [
  {
    file: '/@mantine/core/esm/components/Table/Table.mjs',
    from: 'import { TableScrollContainer } from "./TableScrollContainer.mjs";',
    to: 'const TableScrollContainer = () => { throw new Error("Table.ScrollContainer is left out of the build: use TableScroll"); };',
  },
  {
    file: '/@mantine/core/esm/components/ScrollArea/ScrollArea.mjs',
    from: 'import { useMergeRefs } from "@floating-ui/react";',
    to: 'import { useMergedRef } from "@mantine/hooks"; const useMergeRefs = (refs) => useMergedRef(...refs);',
  },
];

function leanMantineImports(): Plugin {
  return {
    name: 'earn:lean-mantine-imports',
    transform(code, id) {
      const lean = LEAN_IMPORTS.find((l) => id.replaceAll('\\', '/').endsWith(l.file));
      if (!lean) return null;
      if (!code.includes(lean.from)) throw new Error(`${lean.file} no longer has: ${lean.from}`);
      return { code: code.replace(lean.from, lean.to), map: null };
    },
  };
}

// The dev server proxies the API to the server on 8080; production is served by the server itself.
export default defineConfig({
  plugins: [
    react(),
    stableMantineIds(),
    leanMantineImports(),
    appStyles(),
    // Brotli and gzip files beside each bundle, which the server sends as the browser accepts.
    compression({
      algorithms: [defineAlgorithm('brotliCompress'), defineAlgorithm('gzip', { level: 9 })],
      deleteOriginalAssets: false,
    }),
  ],
  server: {
    port: 5173,
    proxy: {
      '/apiw': 'http://localhost:8080',
      '/api': 'http://localhost:8080',
      '/launch-pool': 'http://localhost:8080',
      '/admin': 'http://localhost:8080',
      '/static': 'http://localhost:8080',
    },
  },
  // The manifest lets bench/web-size.ts weigh what the first page loads.
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    manifest: true,
    rollupOptions: {
      output: {
        codeSplitting: {
          groups: [{ name: 'framework', test: FRAMEWORK }],
        },
      },
    },
  },
});
