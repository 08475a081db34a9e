import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

/** Stripe's loader and React bindings: only the checkout and the developer pages load them. */
const paymentsOnly = ['@stripe', 'prop-types'];

const root = fileURLToPath(new URL('.', import.meta.url));

/** jsPDF and what only it uses. */
const pdfOnly = ['jspdf', 'fflate', 'fast-png', 'iobuffer', 'pako', 'html2canvas', 'dompurify', 'canvg', 'core-js', 'raf', 'rgbcolor', 'stackblur-canvas', 'svg-pathdata', 'performance-now', '@babel/runtime'];

/** Built into apps/web/dist, which the API serves on its own port (index.html for unknown non-/api paths). */
export default defineConfig({
  root,
  plugins: [react(), tailwindcss()],
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    // Libraries change less often than the app: separate chunks stay cached across releases.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            // The PDF report's libraries stay out: they load on the first Export PDF, not with the app; so do
            // Stripe's, which load with the pages that take a card.
            { name: 'vendor', test: new RegExp(`node_modules[\\\\/](?!(${[...pdfOnly, ...paymentsOnly].join('|')})[\\\\/])`) },
          ],
        },
      },
    },
  },
  server: { proxy: { '/api': 'http://localhost:3000' } },
});
