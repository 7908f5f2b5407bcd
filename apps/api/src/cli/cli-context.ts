import { DataDirLockedError } from '@complivue/db/data-dir-lock';
import { openDatabase, type Database } from '@complivue/db/database';
import { migrateDatabase } from '@complivue/db/migrate';
import pino from 'pino';
import { parseEnv, type Env } from '../env.ts';
import { createMailer } from '../lib/email/mailer.ts';
import { createAuth, type Auth } from '../modules/auth/auth.ts';
import { resolveAuthSecret } from '../modules/auth/auth-secret.ts';

/** The embedded database is held by another process (the server): said in the CLI's words. */
export class DatabaseBusyError extends Error {
  constructor(cause: DataDirLockedError, whileServerRuns: string | undefined) {
    super(
      `${cause.message}\nNothing was changed. Stop the server (Ctrl+C where \`npm start\` runs) ` +
        `and run this command again${whileServerRuns ? `, or ${whileServerRuns}` : ''}.`,
      { cause },
    );
    this.name = 'DatabaseBusyError';
  }
}

/**
 * What a command-line task needs, set up the way the server sets it up: the environment, the
 * migrated database and better-auth. `run` gets them; the database is closed afterwards.
 * `whileServerRuns` tells the user what to do instead when the server holds the embedded
 * database (a second process must not open it: see data-dir-lock.ts).
 */
export async function withCliContext<T>(
  run: (context: { env: Env; database: Database; auth: Auth }) => Promise<T>,
  options: { whileServerRuns?: string } = {},
): Promise<T> {
  const env = parseEnv(process.env);
  const log = pino({ level: 'warn' });
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
  }).catch((error: unknown) => {
    throw error instanceof DataDirLockedError
      ? new DatabaseBusyError(error, options.whileServerRuns)
      : error;
  });
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
