import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { GetObjectCommand, ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES } from '@oasis/shared/admin/common';
import { adminVideoSchema } from '@oasis/shared/admin/modules';
import { courseDetailSchema } from '@oasis/shared/api';
import { imageSchema } from '@oasis/shared/media';
import { createTestDatabase, createTestDeps, testConfig } from '../../../test/helpers.ts';
import { S3_STAND_IN_KEY, type S3StandIn, startS3StandIn } from '../../../test/s3-stand-in.ts';
import { freePort, spawnServer, writeEmptyWebBuild } from '../../../test/server-process.ts';
import { fakeMp4, jpeg, multipart, patterned, signIn } from '../../../test/uploads.ts';
import { buildApp } from '../../app.ts';
import { seedCourse, seedEnrolment, seedModule, seedVideo } from '../../db/factories.ts';
import { media, videos } from '../../db/schema.ts';
import { signVideoStreamUrl } from '../../lib/signed-urls.ts';
import { createStorage } from './create.ts';
import { StorageCheckError } from './index.ts';
import { createS3Storage, type S3StorageOptions } from './s3.ts';

const MIB = 1024 * 1024;
/** Above the 9 MiB lesson video below, under the one that must be refused. */
const MAX_VIDEO_BYTES = 12 * MIB;
let s3: S3StandIn;

beforeAll(async () => {
  s3 = await startS3StandIn();
});
afterAll(async () => {
  await s3?.close();
});

function adapter(options: Partial<S3StorageOptions> = {}) {
  return createS3Storage({
    bucket: s3.bucket,
    region: 'us-east-1',
    endpoint: s3.endpoint,
    forcePathStyle: true,
    ...S3_STAND_IN_KEY,
    ...options,
  });
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/** The keys in the bucket under `prefix`, as the store lists them. */
async function bucketKeys(client: S3Client, prefix: string): Promise<string[]> {
  const page = await client.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: prefix }));
  return (page.Contents ?? []).map((object) => object.Key ?? '').sort();
}

async function bucketObject(client: S3Client, key: string): Promise<Buffer> {
  const answer = await client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: key }));
  return readAll(answer.Body as Readable);
}

/** A stream of `data` in uneven chunks, as an upload arrives. */
function chunked(data: Buffer, size = 64 * 1024 + 17): Readable {
  const chunks: Buffer[] = [];
  for (let at = 0; at < data.length; at += size) chunks.push(data.subarray(at, at + size));
  return Readable.from(chunks);
}

describe('the S3 storage adapter', () => {
  it('puts, gets (whole and by range), sizes and deletes an object', async () => {
    const storage = adapter();
    const data = patterned(100_000);
    expect(await storage.put('videos/round-trip.mp4', data)).toEqual({ size: data.length });
    expect(await storage.size('videos/round-trip.mp4')).toBe(data.length);

    const whole = await storage.get('videos/round-trip.mp4');
    expect(whole?.size).toBe(data.length);
    expect(whole?.range).toBeUndefined();
    expect((await readAll(whole?.stream as Readable)).equals(data)).toBe(true);

    const part = await storage.get('videos/round-trip.mp4', { start: 1000, end: 1999 });
    expect(part).toMatchObject({ size: data.length, range: { start: 1000, end: 1999 } });
    expect((await readAll(part?.stream as Readable)).equals(data.subarray(1000, 2000))).toBe(true);
    const tail = await storage.get('videos/round-trip.mp4', { start: 99_990 });
    expect(tail?.range).toEqual({ start: 99_990, end: 99_999 });
    expect((await readAll(tail?.stream as Readable)).equals(data.subarray(99_990))).toBe(true);
    // Past the end is cut at the end, as on local disk.
    const over = await storage.get('videos/round-trip.mp4', { start: 99_000, end: 5_000_000 });
    expect(over?.range).toEqual({ start: 99_000, end: 99_999 });
    over?.stream.destroy();

    const head = await bucketObject(storage.client, 'videos/round-trip.mp4');
    expect(head.equals(data)).toBe(true);

    await storage.remove('videos/round-trip.mp4');
    expect(await storage.size('videos/round-trip.mp4')).toBeNull();
    expect(await storage.get('videos/round-trip.mp4')).toBeNull();
    expect(await storage.get('videos/round-trip.mp4', { start: 0, end: 9 })).toBeNull();
    // Removing what is not there is not an error.
    await storage.remove('videos/round-trip.mp4');
  });

  it('streams a long upload in parts (multipart) and a short one in one PUT', async () => {
    const storage = adapter({ partSize: 5 * MIB });
    const long = patterned(11 * MIB + 123);
    expect(await storage.put('videos/long.mp4', chunked(long))).toEqual({ size: long.length });
    expect(await storage.size('videos/long.mp4')).toBe(long.length);
    const back = await storage.get('videos/long.mp4');
    expect((await readAll(back?.stream as Readable)).equals(long)).toBe(true);
    // A range across a part boundary.
    const across = await storage.get('videos/long.mp4', { start: 5 * MIB - 10, end: 5 * MIB + 9 });
    expect((await readAll(across?.stream as Readable)).equals(long.subarray(5 * MIB - 10, 5 * MIB + 10))).toBe(true);

    const short = patterned(3000);
    expect(await storage.put('videos/short.webm', chunked(short, 1000))).toEqual({ size: short.length });
    expect((await bucketObject(storage.client, 'videos/short.webm')).equals(short)).toBe(true);
    await storage.remove('videos/long.mp4');
    await storage.remove('videos/short.webm');
  });

  it('leaves nothing behind when the upload breaks off', async () => {
    const storage = adapter({ partSize: 5 * MIB });
    const broken = Readable.from(
      (async function* () {
        yield patterned(6 * MIB);
        throw new Error('connection reset');
      })(),
    );
    await expect(storage.put('videos/broken.mp4', broken)).rejects.toThrow('connection reset');
    expect(await storage.size('videos/broken.mp4')).toBeNull();
  });

  it("removes a folder (an image's renditions) and nothing beside it", async () => {
    const storage = adapter();
    for (const key of ['images/abc/320.jpg', 'images/abc/640.webp', 'images/abcd/320.jpg'])
      await storage.put(key, Buffer.from(key));
    await storage.remove('images/abc');
    expect(await storage.size('images/abc/320.jpg')).toBeNull();
    expect(await storage.size('images/abc/640.webp')).toBeNull();
    expect(await storage.size('images/abcd/320.jpg')).toBe('images/abcd/320.jpg'.length);
    await storage.remove('images/abcd');
  });

  it('keeps every key under S3_PREFIX and refuses keys that climb out', async () => {
    const storage = adapter({ prefix: 'site-a/' });
    await storage.put('images/p/320.jpg', Buffer.from('x'));
    expect(await bucketKeys(storage.client, 'site-a/')).toEqual(['site-a/images/p/320.jpg']);
    expect(await bucketKeys(storage.client, 'images/p/')).toEqual([]);
    await storage.remove('images/p');
    expect(await bucketKeys(storage.client, 'site-a/')).toEqual([]);
    for (const bad of ['../x', 'images/../../x', '/abs', 'a//b', 'images/./x', ''])
      await expect(storage.put(bad, Buffer.from('x')), bad).rejects.toThrow('Invalid storage key');
  });

  it('checks at start that the bucket can be used, saying what to fix without the secret', async () => {
    await expect(adapter().check()).resolves.toBeUndefined();

    const secret = 'wrong-secret-9f3a7c1e5b';
    const denied = await adapter({ accessKeyId: 'AKIAWRONGKEY', secretAccessKey: secret })
      .check()
      .catch((e: unknown) => e);
    expect(denied).toBeInstanceOf(StorageCheckError);
    expect((denied as Error).message).toContain(`bucket "${s3.bucket}" at ${s3.endpoint}`);
    expect((denied as Error).message).toContain('access denied: check S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY');
    expect((denied as Error).message).not.toContain(secret);

    const missing = await adapter({ bucket: 'no-such-bucket' })
      .check()
      .catch((e: unknown) => e);
    expect((missing as Error).message).toContain('no such bucket');

    const closed = await adapter({ endpoint: `http://127.0.0.1:${await freePort()}` })
      .check()
      .catch((e: unknown) => e);
    expect(closed).toBeInstanceOf(StorageCheckError);
    expect((closed as Error).message).toMatch(
      /^S3 storage: cannot use bucket "oasis-test" at http:\/\/127\.0\.0\.1:\d+: /,
    );
  });
});

describe('the app with S3 storage', () => {
  let t: {
    app: Awaited<ReturnType<typeof buildApp>>;
    deps: ReturnType<typeof createTestDeps>;
    client: S3Client;
    close(): Promise<void>;
  };
  let admin: Awaited<ReturnType<typeof signIn>>;

  beforeAll(async () => {
    const config = testConfig({ ...s3.env({ S3_PREFIX: 'app' }), MAX_VIDEO_BYTES: String(MAX_VIDEO_BYTES) });
    expect(config.storage.kind).toBe('s3');
    const database = await createTestDatabase();
    const storage = await createStorage(config.storage);
    const deps = { ...createTestDeps(config, database), storage };
    const app = await buildApp({ deps });
    await app.ready();
    t = {
      app,
      deps,
      client: (storage as unknown as { client: S3Client }).client,
      async close() {
        await app.close();
        await storage.close?.();
        await database.close();
        fs.rmSync(config.dataDir, { recursive: true, force: true });
      },
    };
    admin = await signIn(database.db, 'admin');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('stores an image uploaded through the editor route in the bucket and serves it back', async () => {
    const form = await multipart(
      { image: { data: await jpeg(700, 400), filename: 'photo.jpg', type: 'image/jpeg' } },
      admin.headers,
    );
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/media/images', ...form });
    expect(res.statusCode).toBe(201);
    const image = imageSchema.parse(res.json());
    const id = image.base.replace('/media/images/', '');
    expect(await bucketKeys(t.client, `app/images/${id}/`)).toEqual(
      ['320', '640'].flatMap((w) => ['avif', 'jpg', 'webp'].map((ext) => `app/images/${id}/${w}.${ext}`)).sort(),
    );
    // Nothing on the local disk.
    expect(fs.existsSync(t.deps.config.mediaDir)).toBe(false);

    for (const file of ['640.jpg', '320.webp', '320.avif']) {
      const served = await t.app.inject({ method: 'GET', url: `${image.base}/${file}` });
      expect(served.statusCode, file).toBe(200);
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(served.rawPayload.equals(await bucketObject(t.client, `app/images/${id}/${file}`))).toBe(true);
      expect(Number(served.headers['content-length'])).toBe(served.rawPayload.length);
    }
    expect((await t.app.inject({ method: 'GET', url: `${image.base}/1600.jpg` })).statusCode).toBe(404);
  });

  describe('a private lesson video', () => {
    const bytes = fakeMp4(9 * MIB);
    let videoId: string;
    let key: string;
    let streamUrl: string;

    /** A lesson with `data` uploaded through the admin route, and a learner's signed link to it. */
    async function uploadLesson(data: Buffer) {
      const course = await seedCourse(t.deps.db);
      const module = await seedModule(t.deps.db, { courseId: course.id });
      const id = (await seedVideo(t.deps.db, { moduleId: module.id })).id;
      const form = await multipart(
        { title: 'Uploaded', video: { data, filename: 'lesson.mp4', type: 'video/mp4' } },
        admin.headers,
      );
      const res = await t.app.inject({ method: 'PUT', url: `/api/vimeo/update/${id}`, ...form });
      expect(res.statusCode).toBe(200);
      expect(adminVideoSchema.parse(res.json())).toMatchObject({ source: 'file' });
      const [row] = await t.deps.db.select().from(videos).where(eq(videos.id, id));
      const [file] = await t.deps.db
        .select()
        .from(media)
        .where(eq(media.id, row?.mediaId ?? ''));
      expect(file).toMatchObject({ kind: 'video', bytes: data.length });

      const learner = await signIn(t.deps.db, 'learner');
      await seedEnrolment(t.deps.db, { userId: learner.user.id, courseId: course.id });
      const detail = await t.app.inject({
        method: 'GET',
        url: `/api/courses/course/slug/${course.slug}`,
        headers: learner.headers,
      });
      const url = courseDetailSchema.parse(detail.json()).modules[0]?.videos[0]?.videoUrl ?? '';
      return { videoId: id, key: file?.key ?? '', streamUrl: url };
    }

    beforeAll(async () => {
      // More than one part: a multipart upload.
      ({ videoId, key, streamUrl } = await uploadLesson(bytes));
    });

    it('is stored in the bucket, not on the disk', async () => {
      expect(key).toMatch(/^videos\/[0-9a-f-]{36}\.mp4$/);
      expect((await bucketObject(t.client, `app/${key}`)).equals(bytes)).toBe(true);
      expect(fs.existsSync(path.join(t.deps.config.mediaDir, 'videos'))).toBe(false);
    });

    it('streams whole with a valid signed link', async () => {
      expect(streamUrl).toMatch(new RegExp(`^/api/videos/${videoId}/stream\\?exp=\\d+&sig=[\\w-]{43}$`));
      const res = await t.app.inject({ method: 'GET', url: streamUrl });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('video/mp4');
      expect(res.headers['cache-control']).toBe('private');
      expect(res.headers['accept-ranges']).toBe('bytes');
      expect(Number(res.headers['content-length'])).toBe(bytes.length);
      expect(res.rawPayload.equals(bytes)).toBe(true);
    });

    it.each([
      ['bytes=0-1', 0, 1],
      ['bytes=8388600-8388700', 8_388_600, 8_388_700],
      ['bytes=9000000-', 9_000_000, 9 * MIB + 31],
      ['bytes=-500', 9 * MIB + 32 - 500, 9 * MIB + 31],
    ])('answers Range %s with 206 and the right bytes', async (range, start, end) => {
      const res = await t.app.inject({ method: 'GET', url: streamUrl, headers: { range } });
      expect(res.statusCode).toBe(206);
      expect(res.headers['content-range']).toBe(`bytes ${start}-${end}/${bytes.length}`);
      expect(Number(res.headers['content-length'])).toBe(end - start + 1);
      expect(res.rawPayload.equals(bytes.subarray(start, end + 1))).toBe(true);
    });

    it('refuses an unsatisfiable range with 416', async () => {
      const res = await t.app.inject({ method: 'GET', url: streamUrl, headers: { range: `bytes=${bytes.length}-` } });
      expect(res.statusCode).toBe(416);
      expect(res.headers['content-range']).toBe(`bytes */${bytes.length}`);
    });

    it('serves Range over a real connection too (what a <video> element does)', async () => {
      const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
      const res = await fetch(`${address}${streamUrl}`, { headers: { range: 'bytes=4194304-4194403' } });
      expect(res.status).toBe(206);
      expect(Buffer.from(await res.arrayBuffer()).equals(bytes.subarray(4_194_304, 4_194_404))).toBe(true);
      // A viewer who seeks away: the answer is dropped half-way, and the next one still works.
      await new Promise<void>((resolve, reject) => {
        const request = http.get(`${address}${streamUrl}`, (response) => {
          response.once('data', () => {
            request.destroy();
            resolve();
          });
        });
        request.on('error', (error) => (request.destroyed ? resolve() : reject(error)));
      });
      const again = await fetch(`${address}${streamUrl}`, { headers: { range: 'bytes=0-9' } });
      expect(Buffer.from(await again.arrayBuffer()).equals(bytes.subarray(0, 10))).toBe(true);
    });

    it('is refused without a link, with a tampered one and with an expired one', async () => {
      const url = new URL(streamUrl, 'http://x');
      const exp = url.searchParams.get('exp') ?? '';
      const sig = url.searchParams.get('sig') ?? '';
      const base = `/api/videos/${videoId}/stream`;
      const flipped = `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`;
      for (const bad of [
        base,
        `${base}?exp=${exp}`,
        `${base}?exp=${exp}&sig=${flipped}`,
        `${base}?exp=${Number(exp) + 3600}&sig=${sig}`,
      ]) {
        const res = await t.app.inject({ method: 'GET', url: bad, headers: { range: 'bytes=0-99' } });
        expect(res.statusCode, bad).toBe(403);
        expect(res.json().message).toBe(ADMIN_MESSAGES.videoLinkInvalid);
        expect(res.rawPayload.includes(bytes.subarray(0, 100))).toBe(false);
      }
      const expired = signVideoStreamUrl(t.deps.config.mediaSigningSecret, videoId, Date.now() - 6 * 3600 * 1000);
      const res = await t.app.inject({ method: 'GET', url: expired });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(ADMIN_MESSAGES.videoLinkExpired);
      // /media never serves videos, whatever the key.
      expect((await t.app.inject({ method: 'GET', url: `/media/${key}` })).statusCode).toBe(404);
    });

    it('refuses a video over MAX_VIDEO_BYTES with 413 and leaves nothing in the bucket', async () => {
      const before = await bucketKeys(t.client, 'app/videos/');
      const course = await seedCourse(t.deps.db);
      const module = await seedModule(t.deps.db, { courseId: course.id });
      const other = (await seedVideo(t.deps.db, { moduleId: module.id })).id;
      const form = await multipart(
        { title: 'Too long', video: { data: fakeMp4(13 * MIB), filename: 'long.mp4', type: 'video/mp4' } },
        admin.headers,
      );
      const res = await t.app.inject({ method: 'PUT', url: `/api/vimeo/update/${other}`, ...form });
      expect(res.statusCode).toBe(413);
      expect(await bucketKeys(t.client, 'app/videos/')).toEqual(before);
    });

    it('leaves the bucket when the lesson is deleted', async () => {
      // A lesson of its own: the others keep theirs, whatever order the tests run in.
      const own = await uploadLesson(fakeMp4(MIB));
      expect(await bucketKeys(t.client, `app/${own.key}`)).toEqual([`app/${own.key}`]);
      const res = await t.app.inject({
        method: 'DELETE',
        url: `/api/videos/videos/${own.videoId}`,
        headers: admin.headers,
      });
      expect(res.statusCode).toBe(200);
      expect(await bucketKeys(t.client, `app/${own.key}`)).toEqual([]);
      expect((await t.app.inject({ method: 'GET', url: own.streamUrl })).statusCode).toBe(404);
    });
  });
});

describe('starting the server with S3 storage', () => {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
  let tmp: string;
  const started: ChildProcess[] = [];
  beforeAll(() => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'oasis-s3-start-'));
    writeEmptyWebBuild(tmp);
  });
  afterAll(() => {
    for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  /** The server process itself, as `npm start` runs it; resolves with its exit code and output. */
  async function start(env: Record<string, string>) {
    const child = spawnServer(root, tmp, await freePort(), env);
    started.push(child);
    let output = '';
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    clearTimeout(timer);
    return { code, output };
  }

  it('stops at once when half the S3 variables are set, listing what is missing', async () => {
    const { code, output } = await start({ S3_BUCKET: 'media', S3_ACCESS_KEY_ID: 'AKIAEXAMPLE' });
    expect(code).toBe(1);
    expect(output).toContain('Invalid configuration:');
    expect(output).toContain('S3_REGION: required because S3_BUCKET, S3_ACCESS_KEY_ID are set');
    expect(output).toContain('S3_SECRET_ACCESS_KEY: required because');
    expect(output).not.toContain('S3_BUCKET: required');
    expect(output).not.toMatch(/\n\s+at /);
  }, 90_000);

  it('stops when the store refuses the credentials, saying so without the secret', async () => {
    const secret = 'not-the-secret-4b1d9e';
    const { code, output } = await start(s3.env({ S3_ACCESS_KEY_ID: 'AKIAWRONGKEY', S3_SECRET_ACCESS_KEY: secret }));
    expect(code).toBe(1);
    expect(output).toContain(`S3 storage: cannot use bucket "${s3.bucket}" at ${s3.endpoint}: access denied`);
    expect(output).not.toContain(secret);
    expect(output).not.toMatch(/\n\s+at /);
    // It stopped before opening the database.
    expect(fs.existsSync(path.join(tmp, 'data/pglite'))).toBe(false);
  }, 90_000);
});
