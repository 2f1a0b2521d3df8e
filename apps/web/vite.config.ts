import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The dev server proxies the API to the server on 8080; production is served by the server itself.
export default defineConfig({
  plugins: [react()],
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
  build: { outDir: 'dist', sourcemap: false, chunkSizeWarningLimit: 600 },
});
