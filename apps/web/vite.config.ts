import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

// The dev server proxies the API to the server on 8080; production is served by the server itself.
export default defineConfig({
  plugins: [
    react(),
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
  build: { outDir: 'dist', sourcemap: false, chunkSizeWarningLimit: 600, manifest: true },
});
