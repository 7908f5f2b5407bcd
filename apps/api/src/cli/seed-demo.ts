/**
 * `npm run seed:demo`: creates (or resets to its starting picture) the demo workspace
 * 'Demo Community Credit Union' on the configured database, and prints each member's email and
 * freshly generated password. Safe to run twice.
 */
import { createDataDirFileStorage } from '../lib/file-storage.ts';
import { withCliContext } from './cli-context.ts';
import { DEMO_COMPANY_NAME, seedDemoWorkspace } from '../modules/demo/demo-workspace.ts';

async function main(): Promise<number> {
  try {
    const { appUrl, credentials } = await withCliContext(
      async ({ env, database, auth }) => ({
        appUrl: env.APP_URL,
        ...(await seedDemoWorkspace({
          db: database.db,
          auth,
          storage: createDataDirFileStorage(env.DATA_DIR),
        })),
      }),
      {
        whileServerRuns:
          "while it runs, sign in as the platform administrator and use 'Create the demo workspace' under System status at /database-setup",
      },
    );
    process.stdout.write(
      `${DEMO_COMPANY_NAME} is ready. Sign in at ${appUrl}/login with:\n` +
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
  }
}

process.exitCode = await main();
