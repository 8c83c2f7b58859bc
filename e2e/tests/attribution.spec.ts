import { expect, test } from '@playwright/test';
import { adminToken, createPublishedCourse, signInAsAdmin } from './admin-fixtures.ts';

/*
 * First-party attribution and the WhatsApp button: a visitor arrives on /ar from an Instagram post
 * (UTM-tagged) on a phone, sends the contact form in Arabic with the WhatsApp button in view and
 * clear of the course page's price bar, and the owner's report credits the lead to Organic Social /
 * instagram. The number is set for this journey and cleared after it.
 */

const run = Date.now().toString(36);
const campaign = `e2e-${run}`;
const WHATSAPP = 'تحدّث معنا عبر واتساب';

async function setWhatsappNumber(request: import('@playwright/test').APIRequestContext, whatsappNumber: string) {
  const token = await adminToken(request);
  const current = (await (await request.get('/api/settings')).json()) as Record<string, unknown>;
  const { addressAr: _ar, ...rest } = current;
  const res = await request.put('/api/settings', {
    headers: { authorization: `Bearer ${token}` },
    data: { ...rest, whatsappNumber },
  });
  expect(res.status(), await res.text()).toBe(200);
  return token;
}

test.afterAll(async ({ request }) => {
  await setWhatsappNumber(request, '');
});

test('a visitor from Instagram sends the Arabic contact form at 375 px; the owner sees the lead by channel and source', async ({
  browser,
  page,
  request,
}) => {
  // Two browser contexts, a course and the admin's report: longer than one page's visit.
  test.setTimeout(120_000);
  const token = await setWhatsappNumber(request, '+971 50 123 4567');
  const course = await createPublishedCourse(request, token, {
    title: `Attribution ${run}`,
    description: 'A course whose page shows the price bar on phones.',
  });

  const visitor = await browser.newContext({ viewport: { width: 375, height: 740 } });
  const phone = await visitor.newPage();
  await phone.goto(`/ar?utm_source=instagram&utm_medium=social&utm_campaign=${campaign}`);
  const cookies = await visitor.cookies();
  const touch = cookies.find((c) => c.name === 'attribution');
  expect(touch?.httpOnly).toBe(true);
  expect(touch?.sameSite).toBe('Lax');

  // The button on the home page: a plain link to our redirect, named in Arabic.
  const button = phone.getByRole('link', { name: WHATSAPP });
  await expect(button).toBeVisible();
  await expect(button).toHaveAttribute('href', /^\/go\/whatsapp\?page=%2Far&title=/);

  // On a course page it sits above the sticky price bar, never over it.
  await phone.goto(`/ar/courses/${course.slug}`);
  await phone.mouse.wheel(0, 600);
  const bar = phone.getByRole('region', { name: 'السعر والتسجيل' });
  await expect(bar).toBeVisible();
  const barBox = await bar.boundingBox();
  const buttonBox = await phone.getByRole('link', { name: WHATSAPP }).boundingBox();
  expect(barBox && buttonBox).toBeTruthy();
  expect(buttonBox!.y + buttonBox!.height).toBeLessThanOrEqual(barBox!.y);

  // The contact form in Arabic, the button in view and clear of the send button.
  await phone.goto('/ar/contact');
  const form = phone.locator('form').filter({ has: phone.getByLabel('الاسم الأول') });
  await form.getByLabel('الاسم الأول').fill('سارة');
  await form.getByLabel('اسم العائلة').fill(`Attribution${run}`);
  await form.getByLabel('البريد الإلكتروني').fill(`sara.${run}@visitor.test`);
  await form.getByLabel('رقم الهاتف').fill('501234567');
  await form.getByLabel('الرسالة').fill('أود معرفة المزيد عن الاستثمار في دبي.');
  const send = form.getByRole('button', { name: 'أرسل الرسالة' });
  await send.scrollIntoViewIfNeeded();
  const sendBox = await send.boundingBox();
  const cornerBox = await phone.getByRole('link', { name: WHATSAPP }).boundingBox();
  const overlaps =
    sendBox!.x < cornerBox!.x + cornerBox!.width &&
    cornerBox!.x < sendBox!.x + sendBox!.width &&
    sendBox!.y < cornerBox!.y + cornerBox!.height &&
    cornerBox!.y < sendBox!.y + sendBox!.height;
  expect(overlaps).toBe(false);
  const sent = phone.waitForResponse((res) => res.url().endsWith('/api/contact') && res.request().method() === 'POST');
  await send.click();
  expect((await sent).status()).toBe(201);
  await visitor.close();

  // The owner's report: Organic Social, instagram, this campaign's one lead.
  await signInAsAdmin(page);
  const today = new Date(Date.now() + 4 * 3_600_000).toISOString().slice(0, 10);
  await page.goto(`/admin/dashboard/attribution?from=${today}&to=${today}&touch=first&by=channel`);
  const report = page.locator('table[data-attribution-report]');
  await expect(report.getByRole('row', { name: /Organic Social/ })).toBeVisible();
  await page.goto(`/admin/dashboard/attribution?from=${today}&to=${today}&touch=first&by=source`);
  await expect(report.getByRole('row', { name: /instagram/ })).toBeVisible();
  await page.goto(`/admin/dashboard/attribution?from=${today}&to=${today}&touch=first&by=campaign`);
  const row = report.getByRole('row', { name: new RegExp(campaign) });
  await expect(row.getByRole('cell').first()).toHaveText('1');
});
