import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// `npm run dev` (scripts/dev.mjs) says where the server listens; Vite alone assumes the default port.
const apiServer = process.env.BRADE_SERVER_URL ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  server: {
    // The SPA talks to its own origin only; in development Vite forwards those paths to the Fastify server: the
    // API, the dev mailbox and the provider simulators (whose consent pages the pop-ups open on this origin).
    proxy: { '/api': apiServer, '/dev': apiServer, '/sandbox': apiServer },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Hashed chunk names (Vite's default) let the server cache /assets/* forever; the manifest lets
    // measure-login-bundle.mjs follow the /login chunk's imports.
    manifest: true,
  },
});
