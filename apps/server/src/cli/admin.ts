// `npm run admin -- <command>`: manages admin accounts on the configured database (the same
// DATABASE_URL / DATA_DIR the server uses). With the embedded database (PGlite) only one process may
// open the data folder: while the site runs, the command refuses and asks to stop the site first.
import { parseArgs } from 'node:util';
import { isLocale } from '@oasis/shared/i18n';
import type { Db } from '../db/client.ts';
import { AppError } from '../lib/errors.ts';
import { verifyPassword } from '../lib/password.ts';
import { createAdminAccount, resetAccountPassword } from '../modules/users/admin-accounts.ts';
import { findUserByEmail } from '../modules/users/service.ts';
import { type CliIo, openCliDatabase, runWhenMain } from './cli-database.ts';

export const USAGE = `Usage: npm run admin -- <command> [options]

Commands:
  create --email <email> --password <password> [--name <name>] [--locale en|ar]
      Creates an admin account. --locale: the language of the e-mails it gets
      (new lead notifications when it has the site's contact address); English by default.
  reset-password --email <email> [--password <password>]
      Sets a new password (a generated one is printed when --password is left out)
      and signs the account out everywhere.

The database is the one the server uses (DATABASE_URL, or the embedded database in DATA_DIR).`;

export type { CliIo };

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
      if (values.locale !== undefined && !isLocale(values.locale)) {
        io.err(`--locale is en or ar.\n\n${USAGE}`);
        return 2;
      }
      const user = await createAdminAccount(db, {
        email: values.email,
        password: values.password,
        name: values.name,
        locale: values.locale,
      });
      // Success is reported only for a row read back from the database, never for a write assumed.
      const saved = await findUserByEmail(db, user.email);
      if (saved?.id !== user._id || saved.role !== 'admin') {
        io.err(`Error: the account ${user.email} could not be read back after saving it. Run the command again.`);
        return 1;
      }
      io.out(`Created admin account ${user.email} (${user.name}). Sign in at /admin/login.`);
      return 0;
    }
    if (command === 'reset-password') {
      if (!values.email) {
        io.err(`reset-password needs --email.\n\n${USAGE}`);
        return 2;
      }
      const result = await resetAccountPassword(db, { email: values.email, password: values.password });
      const saved = await findUserByEmail(db, result.user.email);
      if (!saved || !(await verifyPassword(saved.passwordHash, result.password))) {
        io.err(`Error: the new password of ${result.user.email} could not be read back. Run the command again.`);
        return 1;
      }
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
      locale: { type: 'string' },
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
  const opened = await openCliDatabase(process.env, (line) => console.error(line));
  if (!opened) return 1;
  const { database } = opened;
  // What the command reports is printed once the database has closed cleanly (everything on disk).
  const out: string[] = [];
  let code: number;
  try {
    await database.migrate();
    code = await runAdminCommand(argv, database.db, {
      out: (line) => out.push(line),
      err: (line) => console.error(line),
    });
  } finally {
    await database.close();
  }
  for (const line of out) console.log(line);
  return code;
}

runWhenMain(import.meta.url, main);
