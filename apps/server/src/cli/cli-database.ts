// What the command-line tools (admin, backup, outbox) share: how they print, and how they open the
// database the server uses with the same messages when the configuration is wrong or the site runs.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Config, ConfigError, loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { DataDirInUseError } from '../db/data-dir-lock.ts';

export interface CliIo {
  out(line: string): void;
  err(line: string): void;
}

/** `parse(argv)`, or null after printing its error with the usage (the caller exits with 2). */
export function parseOrExplain<T>(parse: (argv: string[]) => T, argv: string[], usage: string, io: CliIo): T | null {
  try {
    return parse(argv);
  } catch (error) {
    io.err(`${(error as Error).message}\n\n${usage}`);
    return null;
  }
}

/** The embedded database's lock is held: name the holder and say what to do. */
export function describeLockError(error: DataDirInUseError): string {
  return `${error.message}\nThe site is probably running: stop it, run this command, then start the site again.`;
}

/**
 * The configuration from `env` and the database it names, or null after saying on `err` why not
 * (a configuration error, or the embedded database held by the running site).
 */
export async function openCliDatabase(
  env: NodeJS.ProcessEnv,
  err: (line: string) => void,
): Promise<{ config: Config; database: Awaited<ReturnType<typeof openDatabase>> } | null> {
  let config: Config;
  try {
    config = loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) {
      err(error.message);
      return null;
    }
    throw error;
  }
  try {
    const database = await openDatabase({ url: config.databaseUrl, dataDir: path.join(config.dataDir, 'pglite') });
    return { config, database };
  } catch (error) {
    if (error instanceof DataDirInUseError) {
      err(describeLockError(error));
      return null;
    }
    throw error;
  }
}

/** The terminal: result lines to standard output, problems to standard error. */
export const consoleIo: CliIo = { out: (line) => console.log(line), err: (line) => console.error(line) };

/**
 * Runs a command when its module is the program Node started (not when a test imports it), and
 * exits with the code it returns; an error nothing caught prints one line and exits with 1.
 */
export function runWhenMain(moduleUrl: string, run: () => Promise<number>): void {
  if (!process.argv[1] || path.resolve(process.argv[1]) !== fileURLToPath(moduleUrl)) return;
  run().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error('Error:', error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
