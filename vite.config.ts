import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompressAssets } from './scripts/build/compress-assets.mjs';

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '3000'}`;

export default defineConfig({
  root: 'src/client',
  publicDir: 'public',
  plugins: [react(), precompressAssets()],
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        // Libraries in chunks of their own, named after them: they change far less often than the app,
        // so a new release leaves them cached (their hashed names stay the same), and a route that
        // needs one (zod for the forms) shares the same file with every other route.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: 'query', test: /node_modules[\\/](@tanstack|@trpc)[\\/]/ },
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
    proxy: { '/api': apiTarget, '/trpc': apiTarget, '/dev': apiTarget },
  },
});
