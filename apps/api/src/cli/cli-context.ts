import { openDatabase, type Database } from '@complivue/db/database';
import { migrateDatabase } from '@complivue/db/migrate';
import pino from 'pino';
import { parseEnv, type Env } from '../env.ts';
import { createMailer } from '../lib/email/mailer.ts';
import { createAuth, type Auth } from '../modules/auth/auth.ts';
import { resolveAuthSecret } from '../modules/auth/auth-secret.ts';

/**
 * What a command-line task needs, set up the way the server sets it up: the environment, the
 * migrated database and better-auth. `run` gets them; the database is closed afterwards.
 */
export async function withCliContext<T>(
  run: (context: { env: Env; database: Database; auth: Auth }) => Promise<T>,
): Promise<T> {
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
    return await run({ env, database, auth });
  } finally {
    await database.close();
  }
}
