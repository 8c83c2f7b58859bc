import { type APIRequestContext, expect, type Page } from '@playwright/test';

/** Helpers shared by the learner-*.spec.ts journeys (not a spec itself). */

export const COURSE = {
  slug: 'introduction-to-off-plan',
  title: 'Introduction to Off Plan',
  price: 'AED 888.00',
  /** The demo seed's lessons, in watching order (apps/server/src/db/seed-content/courses.ts). */
  videos: [
    'What off-plan really means',
    'How Dubai protects off-plan buyers',
    'Key terms: EOI, SPA, Oqood and handover',
    'Researching a developer and its track record',
    'Location, community and future supply',
    'Reading a payment plan',
    'Fees: DLD transfer, registration and service charges',
    'Selling before handover',
  ],
  /** The seed quiz's questions with their right options, in English and as Arabic pages show them. */
  quiz: [
    {
      question: "Where must an off-plan buyer's payments",
      right: 'In the escrow account registered for the project',
      rightAr: 'في حساب الضمان المسجّل باسم المشروع',
    },
    {
      question: 'What is Oqood?',
      right: "The Dubai Land Department's interim register for off-plan sales",
      rightAr: 'السجل المبدئي لدى دائرة الأراضي والأملاك في دبي لبيوع العقارات على الخارطة',
    },
    { question: 'What transfer fee', right: '4% of the price', rightAr: '4% من السعر' },
    {
      question: "A '60/40' payment plan",
      right: '60% paid during construction and 40% on or after handover',
      rightAr: 'سداد 60% خلال فترة البناء و40% عند التسليم أو بعده',
    },
    {
      question: 'Which body licenses',
      right: 'RERA, the Real Estate Regulatory Agency',
      rightAr: 'مؤسسة التنظيم العقاري (ريرا)',
    },
  ],
} as const;

function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}

/** Starts a payment as the API would for the checkout page; answers the sandbox's intent id. */
export async function initiatePayment(request: APIRequestContext, token: string, courseId: string) {
  const res = await request.post('/api/payment/initiate', { data: { courseId }, headers: bearer(token) });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as { paymentUrl: string; paymentIntentId: string };
}

export async function courseId(request: APIRequestContext, slug: string = COURSE.slug): Promise<string> {
  const res = await request.get(`/api/courses/course/slug/${slug}`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { _id: string })._id;
}

/**
 * Enrols a learner the way a buyer does, without the browser: a payment, then the sandbox
 * provider's Pay button (which confirms through the signed webhook, like a real provider).
 */
export async function buyCourseByApi(request: APIRequestContext, token: string, slug: string = COURSE.slug) {
  const { paymentIntentId, paymentUrl } = await initiatePayment(request, token, await courseId(request, slug));
  const paid = await payInSandbox(request, paymentUrl);
  expect(paid.status()).toBe(303);
  return paymentIntentId;
}

/**
 * What the sandbox page's Pay button posts: the payment's key, which only its payment link
 * carries (the id alone pays nothing).
 */
export async function payInSandbox(request: APIRequestContext, paymentUrl: string) {
  const url = new URL(paymentUrl, 'http://site.test');
  return request.post(`${url.pathname}/pay`, {
    form: { key: url.searchParams.get('key') ?? '' },
    maxRedirects: 0,
  });
}

/**
 * Real Vimeo cannot load here (no internet). Instead of a test-only hook in our code, the network
 * answers for player.vimeo.com with a tiny stand-in that speaks the player's postMessage protocol:
 * it announces `ready`, answers `ping`, records `addEventListener`, and when its "Play to the end"
 * button is pressed posts the `ended` event, exactly as the real player does when a video ends.
 * Our page, `@vimeo/player` and its event wiring are all the real ones.
 */
export async function standInForVimeo(page: Page) {
  await page.route('https://player.vimeo.com/video/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: VIMEO_STAND_IN }),
  );
}

/** The stand-in player inside the iframe titled with the lesson's name. */
export function vimeoFrame(page: Page, title: string) {
  return page.frameLocator(`iframe[title="${title.replace(/"/g, '\\"')}"]`);
}

/** Plays the lesson to its end in the stand-in player, once the page listens for `ended`. */
export async function playToEnd(page: Page, title: string) {
  const frame = vimeoFrame(page, title);
  await expect(frame.getByText('Listening for: ended')).toBeVisible();
  await frame.getByRole('button', { name: 'Play to the end' }).click();
}

const VIMEO_STAND_IN = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Vimeo player stand-in</title>
<style>body{margin:0;height:100vh;display:flex;flex-direction:column;align-items:center;justify-content:center;gap:12px;background:#1a1a1a;color:#fff;font:16px system-ui}</style>
</head>
<body>
<p id="events">Listening for: nothing</p>
<button type="button" id="end">Play to the end</button>
<script>
  const listening = new Set();
  const send = (message) => window.parent.postMessage(JSON.stringify(message), '*');
  const show = () => {
    document.getElementById('events').textContent = 'Listening for: ' + ([...listening].join(', ') || 'nothing');
  };
  window.addEventListener('message', (event) => {
    if (event.source !== window.parent) return;
    let data = event.data;
    if (typeof data === 'string') {
      try { data = JSON.parse(data); } catch { return; }
    }
    if (!data || !data.method) return;
    if (data.method === 'ping') send({ method: 'ping' });
    else if (data.method === 'addEventListener') { listening.add(data.value); send({ method: 'addEventListener' }); show(); }
    else if (data.method === 'removeEventListener') { listening.delete(data.value); send({ method: 'removeEventListener' }); show(); }
    else send({ method: data.method });
  });
  document.getElementById('end').addEventListener('click', () => {
    if (listening.has('ended')) send({ event: 'ended', data: { seconds: 300, percent: 1, duration: 300 } });
  });
  send({ event: 'ready' });
</script>
</body>
</html>`;
