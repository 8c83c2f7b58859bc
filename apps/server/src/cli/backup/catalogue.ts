// What the database holds, read from its own catalogue: tables in dependency order, row counts,
// sequence positions and the media keys the rows refer to.

import { sql } from 'drizzle-orm';
import { IMAGE_FORMAT_EXT } from '../../modules/media/service.ts';
import { BackupError } from './format.ts';
import { query, type Runner, table } from './sql.ts';

/** The tables of schema public, parents before the tables whose foreign keys refer to them. */
export async function tablesInOrder(db: Runner): Promise<string[]> {
  const tables = await query<{ name: string }>(
    db,
    sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p') order by c.relname`,
  );
  const links = await query<{ child: string; parent: string }>(
    db,
    sql`select child.relname as child, parent.relname as parent from pg_constraint co
        join pg_class child on child.oid = co.conrelid
        join pg_class parent on parent.oid = co.confrelid
        join pg_namespace n on n.oid = child.relnamespace
        where co.contype = 'f' and n.nspname = 'public' and co.conrelid <> co.confrelid`,
  );
  const names = tables.map((t) => t.name);
  const parents = new Map(names.map((name) => [name, new Set<string>()]));
  for (const link of links) parents.get(link.child)?.add(link.parent);
  const ordered: string[] = [];
  const placed = new Set<string>();
  while (ordered.length < names.length) {
    const ready = names.filter(
      (name) => !placed.has(name) && [...(parents.get(name) ?? [])].every((p) => placed.has(p)),
    );
    if (!ready.length) throw new BackupError('The tables refer to each other in a cycle: no order to restore them in.');
    for (const name of ready) {
      ordered.push(name);
      placed.add(name);
    }
  }
  return ordered;
}

export async function rowCounts(db: Runner, tables: string[]): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const name of tables) {
    const [row] = await query<{ count: number | string }>(db, sql`select count(*) as count from ${table(name)}`);
    counts[name] = Number(row?.count ?? 0);
  }
  return counts;
}

export async function sequences(db: Runner): Promise<Record<string, { lastValue: string; isCalled: boolean }>> {
  const names = await query<{ name: string }>(
    db,
    sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind = 'S' order by c.relname`,
  );
  const result: Record<string, { lastValue: string; isCalled: boolean }> = {};
  for (const { name } of names) {
    const [row] = await query<{ last_value: string; is_called: boolean }>(
      db,
      sql`select last_value::text as last_value, is_called from ${table(name)}`,
    );
    if (row) result[name] = { lastValue: row.last_value, isCalled: row.is_called };
  }
  return result;
}

interface MediaRowKeys {
  kind: string;
  key: string;
  widths: number[] | null;
  formats: string[] | null;
}

/**
 * The storage keys of every stored file, from the media table: the Storage interface has no
 * listing, and the table is the index of what the site stored (images keep one file per width and
 * format under their key, a video is one file). Files nothing records are not backed up.
 */
export async function mediaKeys(db: Runner): Promise<string[]> {
  const [exists] = await query<{ found: boolean }>(db, sql`select to_regclass('public.media') is not null as found`);
  if (!exists?.found) return [];
  const rows = await query<MediaRowKeys>(db, sql`select kind::text as kind, key, widths, formats from public.media`);
  const keys = new Set<string>();
  for (const row of rows) {
    if (row.kind !== 'image') {
      keys.add(row.key);
      continue;
    }
    for (const width of row.widths ?? [])
      for (const format of row.formats ?? [])
        keys.add(`${row.key}/${width}.${IMAGE_FORMAT_EXT[format as keyof typeof IMAGE_FORMAT_EXT] ?? format}`);
  }
  return [...keys].sort();
}
