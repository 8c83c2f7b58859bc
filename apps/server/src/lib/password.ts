// The native argon2 binding is loaded with the first password hashed or checked, not at every start.
const argon2 = () => import('@node-rs/argon2');

/** argon2id with the library's defaults (19 MiB, 2 passes): OWASP's recommended minimum. */
export async function hashPassword(password: string): Promise<string> {
  const { hash } = await argon2();
  return hash(password);
}

export async function verifyPassword(passwordHash: string | null | undefined, password: string): Promise<boolean> {
  if (!passwordHash) return false;
  const { verify } = await argon2();
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
