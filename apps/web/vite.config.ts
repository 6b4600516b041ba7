import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/** The dev server proxies /api to the API on 127.0.0.1:3000; the build goes to apps/web/dist. */
export default defineConfig({
  plugins: [react()],
  server: {
    proxy: {
      '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
  },
});
