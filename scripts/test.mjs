// The whole test suite, as `npm test` runs it: static checks, then unit and API integration
// tests (on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set), then browser tests against
// the production build. Stops at the first failing step and exits non-zero.
import { spawnSync } from 'node:child_process';

const say = (line) => process.stdout.write(`${line}\n`);

const steps = [
  ['typecheck', ['run', 'typecheck']],
  ['lint', ['run', 'lint']],
  ['format', ['run', 'format:check']],
  ['unit and API tests', ['exec', '--', 'vitest', 'run']],
  ['browser tests', ['run', 'test:e2e']],
];

const engines = process.env.TEST_DATABASE_URL ? 'PGlite and PostgreSQL' : 'PGlite only';
say(`API tests run on ${engines}.`);

let passed = 0;
for (const [name, args] of steps) {
  const started = Date.now();
  say(`\n▶ ${name}`);
  const result = spawnSync('npm', args, { stdio: 'inherit' });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    say(`\n✖ ${name} failed after ${seconds} s`);
    say(`steps: ${passed} passed, 1 failed`);
    process.exit(result.status ?? 1);
  }
  say(`✔ ${name} (${seconds} s)`);
  passed += 1;
}
say(`steps: ${passed} passed, 0 failed`);
