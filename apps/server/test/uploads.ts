import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { Db } from '../src/db/client.ts';
import { seedUser } from '../src/db/factories.ts';
import { media } from '../src/db/schema.ts';
import { createSession } from '../src/modules/auth/sessions.ts';
import { beforeAllValue } from './helpers.ts';

/** A file part of a test form. */
export interface FormFile {
  data: Buffer;
  filename: string;
  /** The type the browser claims; the server must not trust it. */
  type?: string;
}

/**
 * A multipart/form-data body for `app.inject`, encoded by the platform's own FormData (as a
 * browser would send it): `{ payload, headers }`.
 */
export async function multipart(
  fields: Record<string, string | FormFile | undefined>,
  headers: Record<string, string> = {},
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, new Blob([new Uint8Array(value.data)], { type: value.type ?? '' }), value.filename);
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { ...headers, 'content-type': request.headers.get('content-type') ?? '' },
  };
}

/** The first bytes of an MP4 file (an `ftyp` box, brand isom) followed by `size` bytes of data. */
export function fakeMp4(size = 64 * 1024): Buffer {
  const ftyp = Buffer.alloc(32);
  ftyp.writeUInt32BE(32, 0);
  ftyp.write('ftyp', 4, 'latin1');
  ftyp.write('isom', 8, 'latin1');
  ftyp.writeUInt32BE(0x200, 12);
  ftyp.write('isomiso2avc1mp41', 16, 'latin1');
  return Buffer.concat([ftyp, patterned(size)]);
}

/** The first bytes of a WebM file (an EBML header with DocType webm) followed by data. */
export function fakeWebm(size = 16 * 1024): Buffer {
  const docType = Buffer.from([0x42, 0x82, 0x84, ...Buffer.from('webm', 'latin1')]);
  const header = Buffer.concat([
    Buffer.from([0x42, 0x86, 0x81, 0x01]), // EBMLVersion 1
    Buffer.from([0x42, 0xf7, 0x81, 0x01]), // EBMLReadVersion 1
    docType,
  ]);
  const ebml = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x80 | header.length]), header]);
  return Buffer.concat([ebml, patterned(size)]);
}

/** Bytes whose value depends on their position, so a wrong range shows. */
export function patterned(size: number): Buffer {
  const data = Buffer.alloc(size);
  for (let i = 0; i < size; i++) data[i] = (i * 7 + (i >> 8)) & 0xff;
  return data;
}

/** A bearer header for a new admin signed in at /admin/login, or a learner. */
export async function signIn(db: Db, role: 'admin' | 'learner' = 'admin') {
  const user = await seedUser(db, { role });
  const { token } = await createSession(db, user.id, role);
  return { user, token, headers: { authorization: `Bearer ${token}` } };
}

/** `signIn` for the tests of one file, in beforeAll (after the app's, declared first). */
export function setUpSignIn(t: { deps: { db: Db } }, role: 'admin' | 'learner' = 'admin') {
  return beforeAllValue(() => signIn(t.deps.db, role));
}

/**
 * Callers no test changes, made in beforeAll (after the app's, declared first): an admin and its
 * session, and a signed-in learner enrolled in nothing.
 */
export function setUpCallers(t: { deps: { db: Db } }) {
  return beforeAllValue(async () => {
    const admin = await seedUser(t.deps.db, { role: 'admin' });
    return {
      admin,
      adminToken: (await createSession(t.deps.db, admin.id, 'admin')).token,
      strangerToken: (await createSession(t.deps.db, (await seedUser(t.deps.db)).id, 'learner')).token,
    };
  });
}

/** A small real JPEG (sharp-made), for forms that need a valid image. */
export function jpeg(width = 400, height = 300, background = '#0a5'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background } })
    .jpeg()
    .toBuffer();
}

/** The stored file (media row) with `id`, or undefined when there is none. */
export async function findMedia(db: Db, id: string | null | undefined) {
  const [row] = await db
    .select()
    .from(media)
    .where(eq(media.id, id ?? ''));
  return row;
}
