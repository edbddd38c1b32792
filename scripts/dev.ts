// `npm run dev`: the API server on :8081 restarting on change (tsx watch) and the Vite dev server on
// :5173 proxying /api and the account form posts to it.
import { spawn } from 'node:child_process';
import { buildLocales } from './build-locales';

buildLocales();
const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'server/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: process.env.API_PORT ?? '8081', STATIC_DIR: 'none' },
  }),
  spawn('npx', ['vite'], { stdio: 'inherit', env: process.env }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => code && stop());
