import { afterAll, expect } from 'vitest';
import type { PublicSiteData } from '@oasis/shared/contracts';
import { COURSE_SORTS, type CourseSort } from '@oasis/shared/limits';
import type { Db } from '../src/db/client.ts';
import { PublicReadModel } from '../src/read-model.ts';
import { createPublicSiteData } from '../src/site-data.ts';
import { beforeAllValue, createTestApp } from './helpers.ts';
import { jpeg, multipart, signIn } from './uploads.ts';

/**
 * The app, an admin and the public site data the read model's tests share (src/read-model*.test.ts):
 * made in the file's beforeAll, closed in its afterAll.
 */
export function setUpReadModelApp() {
  const state = beforeAllValue(async () => {
    const t = await createTestApp();
    return { t, admin: await signIn(t.deps.db, 'admin'), site: createPublicSiteData(t.deps), thumbnail: await jpeg() };
  }, 300_000);
  afterAll(() => state.t.close());

  /** The model pages read equals one built afresh from the database. */
  async function expectFresh() {
    const fresh = new PublicReadModel(state.t.deps.db);
    expect(await everything(state.site)).toEqual(await everything(fresh));
  }

  const inject = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    state.t.app.inject({ method, url, headers: state.admin.headers, ...(payload && { payload }) });

  async function courseForm(method: 'POST' | 'PUT', url: string, fields: Record<string, string>) {
    const form = await multipart(
      {
        ...fields,
        ...(method === 'POST' && { thumbnail: { data: state.thumbnail, filename: 't.jpg', type: 'image/jpeg' } }),
      },
      state.admin.headers,
    );
    return state.t.app.inject({ method, url, ...form });
  }

  /** `watchDatabase` on this app's database. */
  const watch = (hold?: (statement: string) => Promise<void> | undefined) => watchDatabase(state.t.deps.db, hold);

  return { state, expectFresh, inject, courseForm, watchDatabase: watch };
}

export const SORTS = Object.keys(COURSE_SORTS) as CourseSort[];

/** Everything the public sees, as one value: every part, every sort, every course and post. */
export async function everything(content: PublicSiteData) {
  const catalogue = await content.courses();
  const blogs = await content.blogs();
  return {
    settings: await content.settings(),
    hero: await content.hero(),
    intro: await content.intro(),
    podcasts: await content.podcasts(),
    sorts: await Promise.all(SORTS.map((sort) => content.courses({ sort }))),
    catalogue: await Promise.all(SORTS.map((sort) => content.cataloguePage({ sort, page: 2 }))),
    details: await Promise.all(catalogue.map((c) => content.course(c.slug))),
    blogs,
    posts: await Promise.all(blogs.map((b) => content.blog(b.slug))),
    sitemapCourses: await content.sitemapCourses(),
    sitemapBlogs: await content.sitemapBlogs(),
  };
}

/**
 * Watches the statements that reach the database: every one is recorded, and one that `hold`
 * answers a promise for waits for it first (or fails with it).
 */
export function watchDatabase(db: Db, hold: (statement: string) => Promise<void> | undefined = () => undefined) {
  const client = (db as unknown as { $client: Record<string, (...args: unknown[]) => unknown> }).$client;
  const originals = { query: client.query, exec: client.exec };
  const statements: string[] = [];
  for (const name of ['query', 'exec'] as const) {
    const original = originals[name];
    if (!original) continue;
    client[name] = (...args: unknown[]) => {
      const statement = typeof args[0] === 'string' ? args[0] : String((args[0] as { text?: string })?.text ?? '');
      statements.push(statement);
      const wait = hold(statement);
      return wait ? wait.then(() => original.apply(client, args)) : original.apply(client, args);
    };
  }
  return {
    statements,
    restore() {
      for (const name of ['query', 'exec'] as const) if (originals[name]) client[name] = originals[name];
    },
  };
}

/** A promise and the functions that settle it. */
export function gate() {
  let open!: () => void;
  let fail!: (error: Error) => void;
  const promise = new Promise<void>((resolve, reject) => {
    open = resolve;
    fail = reject;
  });
  return { promise, open, fail };
}

/** The read model's load of the hero (the writes read other columns). */
export const HERO_LOAD = /from "hero" left join "media"/;
export const CATALOGUE_LOAD = /row_number\(\) over/;
export const ENROLMENT_COUNTS = /group by "enrolments"."course_id"/;

/** Whether `promise` has settled after the work already queued has run. */
export async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  promise.then(
    () => {
      done = true;
    },
    () => {
      done = true;
    },
  );
  await new Promise((resolve) => setTimeout(resolve, 50));
  return done;
}
