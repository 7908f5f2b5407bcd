import { DataDirLockedError } from '@complivue/db/data-dir-lock';
import { EnvError, parseEnv } from './env.ts';
import { startServer } from './server.ts';

async function main(): Promise<void> {
  const env = parseEnv(process.env);
  const server = await startServer(env);
  server.app.log.info(
    { url: server.url, database: server.database.engine },
    'Complivue is listening',
  );

  const shutdown = (signal: NodeJS.Signals) => {
    server.app.log.info({ signal }, 'shutting down');
    const forceExit = setTimeout(() => process.exit(1), 10_000);
    forceExit.unref();
    server.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        server.app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);
}

main().catch((error: unknown) => {
  // Before the logger exists, configuration errors go to stderr as plain text; so does a data
  // directory another process holds, which is the operator's to resolve, not a bug.
  const expected = error instanceof EnvError || error instanceof DataDirLockedError;
  process.stderr.write(`${expected ? error.message : String(error)}\n`);
  if (!expected && error instanceof Error && error.stack) {
    process.stderr.write(`${error.stack}\n`);
  }
  process.exit(1);
});
