import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { emailSchema, nameSchema, passwordSchema } from '@oasis/shared/auth';
import { issueError } from '@oasis/shared/field-errors';
import type { Locale } from '@oasis/shared/i18n';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/password.ts';
import { revokeAllSessions } from '../auth/sessions.ts';
import { findUserByEmail, toPublicUser } from './service.ts';

function parseOrThrow<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success)
    throw badRequest(result.error.issues[0] ? issueError(result.error.issues[0]) : 'core.validationFailed');
  return result.data;
}

/** Creates an admin account (the operator's command; there is no sign-up for admins). */
export async function createAdminAccount(
  db: Db,
  input: { email: string; password: string; name?: string; locale?: Locale },
) {
  const email = parseOrThrow(emailSchema, input.email);
  const password = parseOrThrow(passwordSchema, input.password);
  const name = parseOrThrow(nameSchema, input.name ?? 'Admin');
  const existing = await findUserByEmail(db, email);
  if (existing) {
    const code = existing.role === 'admin' ? 'api.adminAccountExists' : 'api.learnerAccountExists';
    throw conflict({ code, values: { email } });
  }
  const [user] = await db
    .insert(users)
    // The operator chose the address: it counts as proved (Google sign-in then links, never takes over).
    .values({
      name,
      email,
      role: 'admin',
      passwordHash: await hashPassword(password),
      emailVerifiedAt: new Date(),
      locale: input.locale ?? 'en',
    })
    .returning();
  return toPublicUser(user!);
}

/**
 * Sets a new password (a generated one when none is given) and signs the account out everywhere.
 * Returns the password so the command can show a generated one once.
 */
export async function resetAccountPassword(db: Db, input: { email: string; password?: string }) {
  const email = parseOrThrow(emailSchema, input.email);
  const password =
    input.password === undefined ? randomBytes(12).toString('base64url') : parseOrThrow(passwordSchema, input.password);
  const user = await findUserByEmail(db, email);
  if (!user) throw notFound({ code: 'api.noAccountWithEmail', values: { email } });
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash, credentialVersion: sql`${users.credentialVersion} + 1` })
      .where(eq(users.id, user.id));
    await revokeAllSessions(tx, user.id);
  });
  return { user: toPublicUser(user), password, generated: input.password === undefined };
}
