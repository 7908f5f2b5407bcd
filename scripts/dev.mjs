// `npm run dev`: the API (restarting on change, port 3000) and Vite's dev server (port 5173,
// proxying /api to the API). Stops both on Ctrl+C.
import { spawn } from 'node:child_process';

const children = [
  spawn('npx', ['tsx', 'watch', 'apps/api/src/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'development' },
  }),
  spawn('npx', ['vite'], { stdio: 'inherit', cwd: 'apps/web' }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', stop);
