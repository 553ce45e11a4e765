import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compiledMessages } from './scripts/build/compiled-messages.ts';
import { precompress } from './scripts/build/precompress.ts';

// `npm run dev` runs the cloud on :8080 and this dev server on :5173; the API, the identity
// provider and the runtime configuration (made by the cloud from its settings) are proxied so the
// console talks to one origin, as it does after `npm start`.
const cloud = process.env.CLOUD_URL ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [react(), compiledMessages(), precompress()],
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/v1': { target: cloud },
      '/auth': { target: cloud },
      '/config.json': { target: cloud },
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    // scripts/bench/initial-js.ts reads the chunk graph from it.
    manifest: true,
    chunkSizeWarningLimit: 1024,
    rollupOptions: {
      output: {
        // The framework every page needs, as one long-cached file, compressed as one stream.
        manualChunks(id) {
          return /node_modules\/(react|react-dom|scheduler|react-router|@tanstack\/(query-core|react-query))\//.test(
            id,
          )
            ? 'framework'
            : undefined;
        },
      },
    },
  },
});
