// `npm run admin -- <command>`: manages admin accounts on the configured database (the same
// DATABASE_URL / DATA_DIR the server uses). Run it while the server is stopped when the database is
// the embedded one (PGlite): only one process may open its data directory at a time.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config.ts';
import { openDatabase, type Db } from '../db/client.ts';
import { AppError } from '../lib/errors.ts';
import { createAdminAccount, resetAccountPassword } from '../modules/users/admin-accounts.ts';

export const USAGE = `Usage: npm run admin -- <command> [options]

Commands:
  create --email <email> --password <password> [--name <name>]
      Creates an admin account.
  reset-password --email <email> [--password <password>]
      Sets a new password (a generated one is printed when --password is left out)
      and signs the account out everywhere.

The database is the one the server uses (DATABASE_URL, or the embedded database in DATA_DIR).`;

export interface CliIo {
  out(line: string): void;
  err(line: string): void;
}

/** Runs one command; returns the process exit code. */
export async function runAdminCommand(argv: string[], db: Db, io: CliIo): Promise<number> {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (error) {
    io.err(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  const { command, values } = parsed;
  try {
    if (command === 'create') {
      if (!values.email || !values.password) {
        io.err(`create needs --email and --password.\n\n${USAGE}`);
        return 2;
      }
      const user = await createAdminAccount(db, { email: values.email, password: values.password, name: values.name });
      io.out(`Created admin account ${user.email} (${user.name}). Sign in at /admin/login.`);
      return 0;
    }
    if (command === 'reset-password') {
      if (!values.email) {
        io.err(`reset-password needs --email.\n\n${USAGE}`);
        return 2;
      }
      const result = await resetAccountPassword(db, { email: values.email, password: values.password });
      io.out(
        `Password changed for ${result.user.email} (${result.user.role}); every session of the account was signed out.`,
      );
      if (result.generated) io.out(`New password: ${result.password}\nKeep it somewhere safe: it is not shown again.`);
      return 0;
    }
    io.err(command ? `Unknown command: ${command}\n\n${USAGE}` : USAGE);
    return 2;
  } catch (error) {
    if (error instanceof AppError) {
      io.err(`Error: ${error.message}`);
      return 1;
    }
    throw error;
  }
}

function parse(argv: string[]) {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      name: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (positionals.length > 1) throw new Error(`Unexpected argument: ${positionals[1]}`);
  return { command: values.help ? undefined : positionals[0], values };
}

async function main() {
  const argv = process.argv.slice(2);
  if (argv.length === 0 || argv.includes('--help') || argv.includes('-h')) {
    console.log(USAGE);
    return argv.length === 0 ? 2 : 0;
  }
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
  const database = await openDatabase({ url: config.databaseUrl, dataDir: path.join(config.dataDir, 'pglite') });
  try {
    await database.migrate();
    return await runAdminCommand(argv, database.db, {
      out: (line) => console.log(line),
      err: (line) => console.error(line),
    });
  } finally {
    await database.close();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error('Error:', error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
