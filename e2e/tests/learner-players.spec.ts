import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import {
  addModuleWithLessons,
  adminToken,
  createPublishedCourse,
  RUN,
  removeCourse,
  withApi,
} from './admin-fixtures.ts';
import { signInAsNewLearner } from './auth-fixtures.ts';
import { buyCourseByApi } from './learner-fixtures.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { pressInYouTube, standInForYouTube, youTubeFrame } from './support/youtube.ts';

/*
 * The watch page's other two players (learner-watch.spec.ts covers Vimeo): a YouTube lesson,
 * played through YouTube's IFrame API (a network stand-in, support/youtube.ts), and an uploaded
 * WebM file, streamed by our server to an HTML5 video. Each must complete its lesson when it plays
 * to the end, and the completion must be the server's (it survives a reload). Before enrolment the
 * learner's browser never receives either lesson's video link.
 *
 * The course is made through the admin API: a module with the YouTube lesson, then the uploaded one.
 */

const YOUTUBE_ID = 'M7lc1UVf-VE';
const YOUTUBE_TITLE = 'Welcome from the YouTube channel';
const FILE_TITLE = 'A walk through the show flat';

const course = { id: '', slug: '', title: `Player Test Course ${RUN}`, fileVideoId: '' };
let admin = '';

test.beforeAll(async ({ browser, playwright }, testInfo) => {
  await withApi({ playwright }, testInfo, async (request) => {
    admin = await adminToken(request);
    await createCourse(request, await recordWebm(browser));
  });
});

test.afterAll(async ({ playwright }, testInfo) => {
  if (course.id) await withApi({ playwright }, testInfo, (request) => removeCourse(request, course.id, admin));
});

function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}

/** A 1.2-second WebM (VP8) drawn on a canvas and recorded by the browser's MediaRecorder. */
async function recordWebm(browser: Browser): Promise<Buffer> {
  const page = await browser.newPage();
  try {
    const base64 = await page.evaluate(async () => {
      const canvas = document.createElement('canvas');
      canvas.width = 160;
      canvas.height = 90;
      const ctx = canvas.getContext('2d');
      if (!ctx) throw new Error('no 2d context');
      const recorder = new MediaRecorder(canvas.captureStream(15), {
        mimeType: 'video/webm;codecs=vp8',
        videoBitsPerSecond: 150_000,
      });
      const chunks: Blob[] = [];
      recorder.ondataavailable = (event) => chunks.push(event.data);
      const stopped = new Promise((resolve) => {
        recorder.onstop = resolve;
      });
      recorder.start();
      const start = performance.now();
      await new Promise<void>((resolve) => {
        const draw = () => {
          const elapsed = performance.now() - start;
          ctx.fillStyle = '#0b3d2e';
          ctx.fillRect(0, 0, 160, 90);
          ctx.fillStyle = '#f5c518';
          ctx.fillRect((elapsed / 1200) * 140, 35, 20, 20);
          if (elapsed < 1200) requestAnimationFrame(draw);
          else resolve();
        };
        draw();
      });
      recorder.stop();
      await stopped;
      const bytes = new Uint8Array(await new Blob(chunks, { type: 'video/webm' }).arrayBuffer());
      let binary = '';
      for (const byte of bytes) binary += String.fromCharCode(byte);
      return btoa(binary);
    });
    return Buffer.from(base64, 'base64');
  } finally {
    await page.close();
  }
}

/** The course, its module, the YouTube lesson, and the lesson whose file is uploaded (as the admin's edit form does). */
async function createCourse(request: APIRequestContext, webm: Buffer) {
  Object.assign(
    course,
    await createPublishedCourse(request, admin, {
      title: course.title,
      description: '<p>A course made by the lesson player tests.</p>',
    }),
  );

  // A lesson starts from a link; uploading a file makes the file its source.
  const [youTube, placeholder] = await addModuleWithLessons(request, admin, course.id, [
    { title: YOUTUBE_TITLE, videoUrl: `https://youtu.be/${YOUTUBE_ID}` },
    { title: FILE_TITLE, videoUrl: 'https://vimeo.com/76979871' },
  ]);
  expect(youTube).toMatchObject({ source: 'youtube', videoUrl: `https://www.youtube.com/embed/${YOUTUBE_ID}` });
  course.fileVideoId = placeholder?._id ?? '';
  const uploaded = await request.put(`/api/vimeo/update/${course.fileVideoId}`, {
    headers: bearer(admin),
    multipart: { title: FILE_TITLE, video: { name: 'show-flat.webm', mimeType: 'video/webm', buffer: webm } },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(200);
  expect(await uploaded.json()).toMatchObject({ source: 'file', position: 1 });
}

/** The outline names each lesson by its place: "Video 2: A walk through the show flat". */
function lessonName(title: string) {
  return `Video ${[YOUTUBE_TITLE, FILE_TITLE].indexOf(title) + 1}: ${title}`;
}

function outline(page: Page) {
  return page.getByRole('navigation', { name: 'Course content' });
}

async function expectCurrent(page: Page, title: string) {
  await expect(outline(page).getByRole('button', { name: lessonName(title) })).toHaveAttribute('aria-current', 'true');
  await expect(page.getByRole('heading', { level: 2, name: title, exact: true })).toBeVisible();
}

async function expectCompleted(page: Page, completed: readonly string[], notCompleted: readonly string[]) {
  for (const title of completed) {
    await expect(
      outline(page).getByRole('button', { name: `${lessonName(title)} (completed)`, exact: true }),
    ).toBeVisible();
  }
  for (const title of notCompleted) {
    await expect(outline(page).getByRole('button', { name: lessonName(title), exact: true })).toBeVisible();
  }
  await expect(outline(page).getByText(`${completed.length} of 2 videos completed`)).toBeVisible();
}

/** A new learner who bought the test course, on its watch page. */
async function enrolledLearnerWatching(page: Page, name: string) {
  const learner = await signInAsNewLearner(page, name);
  await buyCourseByApi(page.request, learner.token, course.slug);
  await page.goto(`/watch/${course.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: course.title })).toBeVisible();
  return learner;
}

test('a YouTube lesson plays in the YouTube player and completes when the video ends', async ({ page }) => {
  // A whole journey (sign-up, purchase, axe, playing to the end, a reload): more than the default 30 s on a busy machine.
  test.setTimeout(90_000);
  const { embeds } = await standInForYouTube(page);
  await enrolledLearnerWatching(page, 'Yusuf Youtube');
  await expectCurrent(page, YOUTUBE_TITLE);
  await expectCompleted(page, [], [YOUTUBE_TITLE, FILE_TITLE]);
  await expect(page.getByText('Completed when the video ends')).toBeVisible();

  // The player is YouTube's embed of this video, for this site, named after the lesson and filling its box.
  const player = page.locator(`iframe[title="${YOUTUBE_TITLE}"]`);
  await expect(player).toBeVisible();
  await expect(youTubeFrame(page, YOUTUBE_TITLE).getByText(`Video ${YOUTUBE_ID}`)).toBeVisible();
  const embed = embeds.at(-1);
  expect(embed?.pathname).toBe(`/embed/${YOUTUBE_ID}`);
  expect(embed?.searchParams.get('enablejsapi')).toBe('1');
  expect(embed?.searchParams.get('origin')).toBe(new URL(page.url()).origin);
  const box = await player.boundingBox();
  const frame = await page.locator('section[aria-labelledby="player-heading"] .aspect-video').boundingBox();
  expect(box && frame && Math.abs(box.width - frame.width) < 1 && Math.abs(box.height - frame.height) < 1).toBe(true);
  await expect(youTubeFrame(page, YOUTUBE_TITLE).getByText('Listening for: onStateChange')).toBeVisible();
  await expectNoAxeViolations(page);

  // Playing and pausing do not complete the lesson…
  const saves: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/progress') saves.push(request.url());
  });
  await pressInYouTube(page, YOUTUBE_TITLE, 'Play');
  await expect(youTubeFrame(page, YOUTUBE_TITLE).getByText('State: playing')).toBeVisible();
  await pressInYouTube(page, YOUTUBE_TITLE, 'Pause');
  await expect(youTubeFrame(page, YOUTUBE_TITLE).getByText('State: paused')).toBeVisible();
  await pressInYouTube(page, YOUTUBE_TITLE, 'Play');
  await expect(youTubeFrame(page, YOUTUBE_TITLE).getByText('State: playing')).toBeVisible();
  await expectCurrent(page, YOUTUBE_TITLE);
  await expect(page.getByText('Completed when the video ends')).toBeVisible();
  expect(saves).toEqual([]);

  // …playing to the end does: it is ticked and the next lesson comes up.
  await pressInYouTube(page, YOUTUBE_TITLE, 'Skip to the end');
  await expectCurrent(page, FILE_TITLE);
  await expectCompleted(page, [YOUTUBE_TITLE], [FILE_TITLE]);
  expect(saves).toHaveLength(1);

  // Stored on the server: after a reload the tick stays and the page resumes at the next lesson.
  await page.reload();
  await expectCompleted(page, [YOUTUBE_TITLE], [FILE_TITLE]);
  await expectCurrent(page, FILE_TITLE);
});

test('an uploaded lesson plays in a video element and completes when the file ends', async ({ page }) => {
  // A whole journey (sign-up, purchase, axe, playing to the end, a reload): more than the default 30 s on a busy machine.
  test.setTimeout(90_000);
  await standInForYouTube(page);
  await enrolledLearnerWatching(page, 'Farah File');
  await expectCurrent(page, YOUTUBE_TITLE);
  await outline(page)
    .getByRole('button', { name: lessonName(FILE_TITLE) })
    .click();
  await expectCurrent(page, FILE_TITLE);

  // An HTML5 video named after the lesson, fed by the signed stream link of this lesson only.
  const video = page.locator('video');
  await expect(video).toBeVisible();
  await expect(video).toHaveAccessibleName(FILE_TITLE);
  await expect(video).toHaveAttribute('title', FILE_TITLE);
  await expect(video).toHaveAttribute(
    'src',
    new RegExp(`^/api/videos/${course.fileVideoId}/stream\\?exp=\\d+&sig=[\\w-]+$`),
  );
  await expect(page.locator('iframe')).toHaveCount(0);
  // The server sends the file and the browser can play it.
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(1);
  await expect(page.getByText('Completed when the video ends')).toBeVisible();
  await expectNoAxeViolations(page);

  // The learner starts it from the keyboard; it plays to its end (1.2 seconds in).
  const endedAt = video.evaluate(
    (v: HTMLVideoElement) =>
      new Promise<number>((resolve) => v.addEventListener('ended', () => resolve(v.currentTime), { once: true })),
  );
  await video.focus();
  await page.keyboard.press('Space');
  expect(await endedAt).toBeGreaterThan(1);
  await expectCompleted(page, [FILE_TITLE], [YOUTUBE_TITLE]);
  // The learner chose this lesson: the next unfinished one (the YouTube lesson) comes up.
  await expectCurrent(page, YOUTUBE_TITLE);

  await page.reload();
  await expectCompleted(page, [FILE_TITLE], [YOUTUBE_TITLE]);
  await expectCurrent(page, YOUTUBE_TITLE);
});

test('before buying, the learner receives neither lesson link; after buying, both', async ({ page, baseURL }) => {
  const links = [`youtube.com/embed/${YOUTUBE_ID}`, `/api/videos/${course.fileVideoId}/stream`];
  const bodies: Promise<string>[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).origin === new URL(baseURL ?? '').origin) {
      bodies.push(response.text().catch(() => ''));
    }
  });
  const learner = await signInAsNewLearner(page, 'Nadia Notyet');

  // The course page, and the watch page (which sends a learner without the course back to it).
  await page.goto(`/courses/${course.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: course.title })).toBeVisible();
  await expect(page.getByText(YOUTUBE_TITLE)).toBeVisible();
  await page.goto(`/watch/${course.slug}`);
  await expect(page).toHaveURL(`/courses/${course.slug}`);
  const seen = await Promise.all(bodies);
  // What was looked at includes the course's own API answer, where the links would be.
  expect(seen.some((body) => body.includes('"hasAccess":false') && body.includes(FILE_TITLE))).toBe(true);
  for (const link of links) expect(seen.filter((body) => body.includes(link))).toEqual([]);

  // The same API answers carry both links once the course is bought.
  const detail = async () => {
    const res = await page.request.get(`/api/courses/course/slug/${course.slug}`, { headers: bearer(learner.token) });
    expect(res.status()).toBe(200);
    return res.text();
  };
  for (const link of links) expect(await detail()).not.toContain(link);
  await buyCourseByApi(page.request, learner.token, course.slug);
  for (const link of links) expect(await detail()).toContain(link);
});
