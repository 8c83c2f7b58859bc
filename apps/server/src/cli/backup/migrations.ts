// The migration level an archive was made at, and bringing a restored database up to the code's.

import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { appliedMigrations, migrationJournal, migrationsFolder } from '../../db/client.ts';
import { BackupError, type Manifest } from './format.ts';
import type { Runner, Tx } from './sql.ts';

interface Migration {
  tag: string;
  when: number;
  hash: string;
  statements: string[];
}

/** The migrations this code knows, oldest first (the same files and hashes drizzle's migrator uses). */
export function codeMigrations(): Migration[] {
  const journal = migrationJournal();
  return readMigrationFiles({ migrationsFolder }).map((migration, index) => ({
    tag: journal[index]?.tag ?? String(index),
    when: migration.folderMillis,
    hash: migration.hash,
    statements: migration.sql,
  }));
}

type Level = Manifest['migration'];

/** The migrations applied to a database, as drizzle's migrator records them; null for none. */
export async function migrationLevel(db: Runner): Promise<Level | null> {
  const applied = await appliedMigrations(db);
  if (!applied) return null;
  return {
    count: applied.count,
    tag: codeMigrations().find((m) => m.when === applied.last)?.tag ?? null,
    createdAt: applied.last,
  };
}

/** Refuses an archive whose schema this code cannot rebuild (made by a newer or another version). */
export function checkLevel(level: Level, migrations: Migration[]): void {
  const last = migrations.at(-1);
  const name = level.tag ?? `migration ${level.count}`;
  if (!last || level.createdAt > last.when)
    throw new BackupError(
      `The archive was made by a newer version of Oasis: its database is at ${name} (${level.count} migrations), and this code knows ${migrations.length} (up to ${last?.tag ?? 'none'}). Update Oasis to the version that made the backup, then restore.`,
    );
  if (!migrations.some((m) => m.when === level.createdAt))
    throw new BackupError(
      `The archive's database is at a migration this code does not know (${name}, made ${new Date(level.createdAt).toISOString()}): restore it with the version of Oasis that made it.`,
    );
}

/** Applies the migrations after `from` up to `to` (timestamps), recording them as drizzle does. */
export async function applyMigrations(tx: Tx, migrations: Migration[], from: number, to: number): Promise<void> {
  await tx.execute(sql`create schema if not exists drizzle`);
  await tx.execute(
    sql`create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)`,
  );
  for (const migration of migrations) {
    if (migration.when <= from || migration.when > to) continue;
    for (const statement of migration.statements) await tx.execute(sql.raw(statement));
    await tx.execute(
      sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${migration.hash}, ${migration.when})`,
    );
  }
}
