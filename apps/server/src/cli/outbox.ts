// `npm run outbox -- <command>`: the outbound e-mail hold on the configured database (DATABASE_URL,
// or the embedded one in DATA_DIR, which the site must not have open, as for `npm run admin`).
// A restore holds outgoing e-mail (cli/backup.ts); the operator releases it here.
import { parseArgs } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import { outbox } from '../db/schema.ts';
import { getOutboundHold, releaseOutbound } from '../modules/mail/outbox.ts';
import { type CliIo, consoleIo, openCliDatabase, parseOrExplain, runWhenMain } from './cli-database.ts';

export const USAGE = `Usage: npm run outbox -- <command>

Commands:
  status
      Says whether outgoing e-mail is held and how many messages wait in the outbox.
  release [--discard]
      Lifts the hold a restore puts on outgoing e-mail: the waiting messages are sent (by the
      running site, within seconds; on the embedded database once the site is started again).
      --discard marks the waiting messages failed instead, so that only new ones go out.

The database is the one the server uses (DATABASE_URL, or the embedded database in DATA_DIR). With
the embedded database the site must be stopped; on PostgreSQL it may run.`;

const plural = (n: number, one: string) => `${n} ${n === 1 ? one : `${one}s`}`;

/** Runs one command; returns the process exit code. */
export async function runOutboxCommand(argv: string[], env: NodeJS.ProcessEnv, io: CliIo): Promise<number> {
  const parsed = parseOrExplain(parse, argv, USAGE, io);
  if (!parsed) return 2;
  const [command, ...rest] = parsed.positionals;
  if (parsed.values.help) {
    io.out(USAGE);
    return 0;
  }
  if (!command || !['status', 'release'].includes(command) || rest.length) {
    io.err(`${command ? `Unknown command: ${[command, ...rest].join(' ')}` : 'A command is needed.'}\n\n${USAGE}`);
    return 2;
  }
  if (parsed.values.discard && command !== 'release') {
    io.err(`--discard goes with release.\n\n${USAGE}`);
    return 2;
  }
  const opened = await openCliDatabase(env, io.err);
  if (!opened) return 1;
  const { config, database } = opened;
  // What the command reports is printed once the database has closed cleanly (everything on disk).
  const out: string[] = [];
  try {
    await database.migrate();
    const { db } = database;
    if (command === 'status') {
      const hold = await getOutboundHold(db);
      const [waiting] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(outbox)
        .where(eq(outbox.status, 'pending'));
      const pending = plural(Number(waiting?.count ?? 0), 'message');
      out.push(
        hold
          ? `Outgoing e-mail is held since ${hold.heldSince.toISOString()} (${hold.reason}): ${pending} waiting. Release it with: npm run outbox -- release`
          : `Outgoing e-mail is not held: ${pending} waiting to be sent.`,
      );
    } else {
      const result = await releaseOutbound(db, { discard: parsed.values.discard });
      if (!result.hold) out.push('Outgoing e-mail was not held: nothing to release.');
      else
        out.push(
          `Outgoing e-mail released (held since ${result.hold.heldSince.toISOString()}, ${result.hold.reason}).`,
        );
      if (result.discarded) out.push(`Discarded ${plural(result.discarded, 'waiting message')} (marked failed).`);
      if (result.pending)
        out.push(
          `${plural(result.pending, 'message')} will be sent by the site${config.databaseUrl ? '' : ' once it is started'}.`,
        );
    }
  } finally {
    await database.close();
  }
  for (const line of out) io.out(line);
  return 0;
}

const parse = (argv: string[]) =>
  parseArgs({
    args: argv,
    allowPositionals: true,
    options: { discard: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
  });

runWhenMain(import.meta.url, () => runOutboxCommand(process.argv.slice(2), process.env, consoleIo));
