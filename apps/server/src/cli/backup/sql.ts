// Small SQL helpers every step of a backup or restore shares.

import { sql } from 'drizzle-orm';
import { type Db, rows } from '../../db/client.ts';

/** A transaction, as Drizzle hands it to the callback. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** The database or a transaction on it: reads work on either. */
export type Runner = Db | Tx;

export const query = rows;

export const ident = (name: string) => sql.identifier(name);
/** A table of the public schema, quoted. */
export const table = (name: string) => sql`${ident('public')}.${ident(name)}`;
