import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiServer = 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  server: {
    // The SPA talks to its own origin only; in development Vite forwards those paths to the Fastify server.
    proxy: { '/api': apiServer, '/dev': apiServer },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Hashed chunk names (Vite's default) let the server cache /assets/* forever; the manifest lets
    // measure-login-bundle.mjs follow the /login chunk's imports.
    manifest: true,
  },
});
