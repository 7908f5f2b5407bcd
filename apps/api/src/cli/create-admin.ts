/**
 * `npm run admin:create -- --email you@example.org --name "Your Name" [--company "Name"]`
 * Creates a platform administrator (super_admin) on the configured database, for headless
 * installs. The password comes from ADMIN_PASSWORD or, on a terminal, from a hidden prompt.
 */
import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { normalizeEmail, validateSignUp } from '@complivue/shared/schemas/auth';
import { AppError } from '../lib/app-error.ts';
import { DatabaseBusyError, withCliContext } from './cli-context.ts';
import { createPlatformAdministrator } from '../modules/setup/setup.service.ts';

function promptHidden(question: string): Promise<string> {
  let muted = false;
  const output = new Writable({
    write(chunk, _encoding, callback) {
      if (!muted) process.stdout.write(chunk);
      callback();
    },
  });
  const readline = createInterface({ input: process.stdin, output, terminal: true });
  return new Promise((resolve) => {
    readline.question(question, (answer) => {
      readline.close();
      process.stdout.write('\n');
      resolve(answer);
    });
    muted = true;
  });
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      email: { type: 'string' },
      name: { type: 'string' },
      company: { type: 'string', default: 'Platform administration' },
    },
  });
  const password =
    process.env.ADMIN_PASSWORD ??
    (process.stdin.isTTY ? await promptHidden('Password (at least 8 characters): ') : '');
  const input = {
    email: values.email ?? '',
    password,
    fullName: values.name ?? '',
    companyName: values.company ?? '',
  };
  const failure = validateSignUp(input);
  if (failure) {
    process.stderr.write(
      `${failure.message}\nUsage: npm run admin:create -- --email ADDRESS --name "FULL NAME" [--company "NAME"] (password from ADMIN_PASSWORD or a prompt)\n`,
    );
    return 2;
  }
  try {
    const userId = await withCliContext(
      async ({ database, auth }) => {
        const created = await createPlatformAdministrator(
          database,
          auth,
          { ...input, email: normalizeEmail(input.email), fullName: input.fullName.trim() },
          { onlyIfFirst: false },
        );
        return created.userId;
      },
      {
        whileServerRuns:
          'while it runs and no account exists yet, create the administrator at /database-setup',
      },
    );
    process.stdout.write(
      `Created platform administrator ${normalizeEmail(input.email)} (${userId}).\n`,
    );
    return 0;
  } catch (error) {
    process.stderr.write(
      `${error instanceof AppError || error instanceof DatabaseBusyError ? error.message : String(error)}\n`,
    );
    return 1;
  }
}

process.exitCode = await main();
