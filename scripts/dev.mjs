// The development loop (`npm run dev`): the server rebuilt and restarted on every change of its source, and Vite's
// dev server for the SPA with hot reload, which forwards /api, /dev and /sandbox to the server. PUBLIC_URL is Vite's
// origin, so the links in e-mails and the providers' pop-ups (the sandbox consent pages) come back to it.
//   npm run dev                          server on PORT (3000), the app at http://localhost:WEB_PORT (5173)
//   PORT=4000 WEB_PORT=4001 npm run dev  other ports
import { spawn } from 'node:child_process';
import path from 'node:path';
import { context } from 'esbuild';
import { serverBuildOptions } from '../apps/server/build.mjs';

const root = path.resolve(import.meta.dirname, '..');
const serverPort = Number(process.env.PORT ?? 3000);
const webPort = Number(process.env.WEB_PORT ?? 5173);
const host = process.env.HOST ?? 'localhost';
const webOrigin = `http://${host}:${webPort}`;
const serverOrigin = `http://${host}:${serverPort}`;
const outdir = path.join(root, 'apps/server/dist/dev');

let server = null;
let restarting = Promise.resolve();
let stopping = false;

/** Stops the running server (it drains and closes its database: the embedded one allows one process) and starts the new build. */
function restartServer() {
  restarting = restarting.then(async () => {
    if (server) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
      server = null;
    }
    if (stopping) return;
    server = spawn(process.execPath, ['--enable-source-maps', path.join(outdir, 'main.js')], {
      cwd: root,
      stdio: 'inherit',
      env: {
        NODE_ENV: 'development',
        HOST: host,
        PORT: String(serverPort),
        PUBLIC_URL: webOrigin,
        // Vite serves the SPA here; a build, if there is one, is where the bundle outside dist/dev expects it.
        WEB_DIST: path.join(root, 'apps/web/dist'),
        ...process.env,
      },
    });
  });
  return restarting;
}

const watcher = await context({
  ...serverBuildOptions({ entryPoints: { main: 'src/main.ts' }, outdir }),
  plugins: [
    {
      name: 'restart-server',
      setup(build) {
        build.onEnd((result) => {
          if (result.errors.length === 0) void restartServer();
          else console.error('server build failed: the previous build keeps running');
        });
      },
    },
  ],
});
await watcher.watch();

const vite = path.join(root, 'node_modules/vite/bin/vite.js');
const web = spawn(process.execPath, [vite, '--host', host, '--port', String(webPort), '--strictPort'], {
  cwd: path.join(root, 'apps/web'),
  stdio: 'inherit',
  env: { ...process.env, BRADE_SERVER_URL: serverOrigin },
});
console.log(`Brade (development): ${webOrigin} (the server at ${serverOrigin}, e-mails at ${webOrigin}/dev/mailbox)`);

async function stop() {
  if (stopping) return;
  stopping = true;
  await watcher.dispose();
  web.kill('SIGTERM');
  await restartServer();
  process.exit(0);
}
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
web.on('exit', () => void stop());
