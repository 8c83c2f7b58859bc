import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MalformedAnswerError } from './client';
import { countNewLeads, getLead } from './leads';
import { getLessonPreview, getSessionCourses, getSessionUser } from './public';

/*
 * The client against a real HTTP server that answers what each test planted: the browser's
 * relative `/api/...` addresses are sent to it.
 */
const answers = new Map<string, unknown>();
let server: Server;
let base = '';

beforeAll(async () => {
  server = createServer((request, response) => {
    const body = answers.get(request.url ?? '');
    response.writeHead(body === undefined ? 404 : 200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body ?? { message: 'Not found' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const realFetch = globalThis.fetch;
  vi.stubGlobal('fetch', (url: string, init?: RequestInit) => realFetch(new URL(url, base), init));
});

afterAll(async () => {
  vi.unstubAllGlobals();
  await new Promise((resolve) => server.close(resolve));
});

describe('the typed API client', () => {
  it('hands back an answer of the promised shape, read by the shared schema', async () => {
    answers.set('/api/leads/count?status=new', { count: 3 });
    await expect(countNewLeads()).resolves.toBe(3);
  });

  it('rejects a malformed answer with an error naming the endpoint and the field', async () => {
    answers.set('/api/leads/count?status=new', { count: 'three' });
    const failure = await countNewLeads().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(MalformedAnswerError);
    expect((failure as MalformedAnswerError).endpoint).toBe('GET /leads/count');
    expect((failure as Error).message).toMatch(/^GET \/leads\/count answered in an unexpected shape: .*count/s);
  });

  it('rejects an answer that lacks what a screen reads, not later as undefined', async () => {
    answers.set('/api/leads/lead-1', { _id: 'lead-1' });
    await expect(getLead('lead-1')).rejects.toThrow(/^GET \/leads\/\{id\} answered in an unexpected shape/);
  });

  it('checks public pages’ answers by hand to the same shape, without zod', async () => {
    const preview = { _id: 'v1', title: 'Intro', titleAr: '', source: 'youtube', videoUrl: 'https://youtu.be/x' };
    answers.set('/api/courses/preview/v1', preview);
    await expect(getLessonPreview('v1')).resolves.toEqual(preview);
    answers.set('/api/courses/preview/v2', { ...preview, _id: 'v2', videoUrl: null });
    await expect(getLessonPreview('v2')).rejects.toThrow(
      'GET /courses/preview/{videoId} answered in an unexpected shape: videoUrl: expected a string',
    );
    answers.set('/api/courses/preview/v3', { ...preview, _id: 'v3', source: 'tape' });
    await expect(getLessonPreview('v3')).rejects.toBeInstanceOf(MalformedAnswerError);
  });

  it('reads the navigation’s session by hand: a user of the wrong shape fails, a course without an id is left out', async () => {
    const user = { _id: 'u1', name: 'Layla', email: 'l@example.com', phone: '', role: 'learner', emailVerified: true };
    answers.set('/api/auth/user', { user });
    await expect(getSessionUser()).resolves.toEqual({ user });
    answers.set('/api/auth/user', { user: { ...user, role: 'owner' } });
    await expect(getSessionUser()).rejects.toThrow('GET /auth/user answered in an unexpected shape: user.role');
    answers.set('/api/courses/enrolled', { courses: [{ _id: 'c1', title: 'One' }, { title: 'No id' }, null] });
    await expect(getSessionCourses()).resolves.toEqual([{ _id: 'c1', title: 'One' }]);
    answers.set('/api/courses/enrolled', { courses: 'none' });
    await expect(getSessionCourses()).rejects.toBeInstanceOf(MalformedAnswerError);
  });
});
