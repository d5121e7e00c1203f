import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// The server serves the API; in development Vite proxies these paths to it.
const api = { target: 'http://127.0.0.1:8080', changeOrigin: false };

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: {
      '/v2': api,
      '/healthz': api,
      '/radiators/toggle-status': api,
      '/analytics/commercial': api,
    },
  },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    // Typing whole forms key by key in jsdom takes seconds on a 2-core machine.
    testTimeout: 20_000,
    // Vitest leaves a core to itself by default, which on a 2-core CI machine means one worker;
    // its main process is nearly idle once files are transformed, so every core runs tests.
    maxWorkers: availableParallelism(),
  },
});
