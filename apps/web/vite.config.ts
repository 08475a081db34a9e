import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const root = fileURLToPath(new URL('.', import.meta.url));

/** Built into apps/web/dist, which the API serves on its own port (index.html for unknown non-/api paths). */
export default defineConfig({
  root,
  plugins: [react(), tailwindcss()],
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Libraries change less often than the app: the first load's libraries are chunks of their own that
            // stay cached across releases.
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            // Only those the first load imports ($initial): a library only some pages use (forms, dialogs, dates,
            // jsPDF, Stripe's) goes with those pages' chunks, so the landing page never downloads it.
            { name: 'vendor', test: /node_modules[\\/]/, tags: ['$initial'] },
          ],
        },
      },
    },
  },
  server: { proxy: { '/api': 'http://localhost:3000' } },
});
