import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const api = `http://127.0.0.1:${process.env.API_PORT ?? 3001}`;

export default defineConfig({
  root: 'client',
  plugins: [react()],
  build: { outDir: '../dist/client', emptyOutDir: true, chunkSizeWarningLimit: 1500 },
  // Proxy keys need the trailing slash, or /trpcfoo and /apiary match too.
  server: { proxy: { '/trpc/': api, '/api/': api } },
});
