/**
 * `npm run seed:demo`: creates (or resets to its starting picture) the demo workspace
 * 'Demo Community Credit Union' on the configured database, and prints each member's email and
 * freshly generated password. Safe to run twice.
 */
import { openDatabase } from '@complivue/db/database';
import { migrateDatabase } from '@complivue/db/migrate';
import pino from 'pino';
import { parseEnv } from '../env.ts';
import { createMailer } from '../lib/email/mailer.ts';
import { createAuth } from '../modules/auth/auth.ts';
import { resolveAuthSecret } from '../modules/auth/auth-secret.ts';
import { DEMO_COMPANY_NAME, seedDemoWorkspace } from '../modules/demo/demo-workspace.ts';

async function main(): Promise<number> {
  const env = parseEnv(process.env);
  const log = pino({ level: 'warn' });
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  try {
    await migrateDatabase(database);
    const mailer = createMailer({
      smtpUrl: env.SMTP_URL,
      from: env.EMAIL_FROM,
      db: database.db,
      log,
    });
    const auth = createAuth({ db: database.db, env, secret: resolveAuthSecret(env), mailer, log });
    const { credentials } = await seedDemoWorkspace(database.db, auth);
    process.stdout.write(
      `${DEMO_COMPANY_NAME} is ready. Sign in at ${env.APP_URL}/login with:\n` +
        credentials
          .map(
            (member) =>
              `  ${member.role.padEnd(8)} ${member.email.padEnd(26)} ${member.password}\n`,
          )
          .join('') +
        'These passwords replace any earlier ones and are not shown again.\n',
    );
    return 0;
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  } finally {
    await database.close();
  }
}

process.exitCode = await main();
