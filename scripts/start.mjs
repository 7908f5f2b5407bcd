// `npm start` (after `npm run build`): the compiled server in production mode, for trying the app
// on this machine with nothing configured. A deployment runs `npm run serve` (or the Docker image)
// with its own AUTH_SECRET instead, and gets none of the defaults below.
//
// Two defaults, each only when the variable is unset, and each said out loud:
// - PAYMENTS_SANDBOX=1: without Stripe keys production refuses every checkout, so a newcomer could
//   not reach the paid plans' pages; the sandbox's checkout is marked "Test checkout — no charge".
// - AUTH_SECRET: production refuses to start without one. This uses the secret the development
//   server keeps in DATA_DIR/auth-secret (created here the same way when missing), so sessions
//   and two-factor secrets survive restarts and agree with `npm run dev` and the CLI commands.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const env = { ...process.env, NODE_ENV: 'production' };
const isUnset = (name) => env[name] === undefined || env[name] === '';
const say = (line) => process.stdout.write(`npm start: ${line}\n`);

if (isUnset('PAYMENTS_SANDBOX')) {
  env.PAYMENTS_SANDBOX = '1';
  say('PAYMENTS_SANDBOX=1 (test checkout, no charge; PAYMENTS_SANDBOX=0 turns it off)');
}

if (isUnset('AUTH_SECRET')) {
  // The same default and file as apps/api/src/env.ts and modules/auth/auth-secret.ts.
  const dataDir = isUnset('DATA_DIR') ? './data' : env.DATA_DIR;
  const file = join(dataDir, 'auth-secret');
  try {
    env.AUTH_SECRET = readFileSync(file, 'utf8').trim();
  } catch {
    mkdirSync(dataDir, { recursive: true });
    env.AUTH_SECRET = randomBytes(48).toString('base64url');
    writeFileSync(file, `${env.AUTH_SECRET}\n`, { mode: 0o600 });
  }
  say(`AUTH_SECRET from ${file} (a deployment sets its own: see docs/deploy.md)`);
}

const server = spawn(process.execPath, ['--enable-source-maps', 'apps/api/dist/main.js'], {
  env,
  stdio: 'inherit',
});
// Ctrl+C reaches the server directly (same process group); SIGTERM is passed on. Either way the
// server shuts down gracefully and this exits with its code.
process.on('SIGINT', () => {});
process.on('SIGTERM', () => server.kill('SIGTERM'));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
