import { expect, test } from '@playwright/test';
import { waitForMail } from '../support/smtp.ts';
import { adminToken, createPublishedCourse, dialog, RUN, signInAsAdmin, toast } from './admin-fixtures.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { expectFits } from '../support/layout.ts';

/*
 * From a coming-soon course to a won lead: a visitor on an Arabic phone, without JavaScript, joins
 * the waitlist through the plain form; the owner puts the course on sale, e-mails the waitlist once
 * from the course list (the SMTP stand-in receives the Arabic announcement), then follows the
 * signup up in the inbox (a follow-up day, 'Due today', won with a note) and reads its history.
 */

test('a waitlist signup becomes an announcement and a won lead', async ({ browser, page }) => {
  test.setTimeout(120_000);
  const token = await adminToken(page.request);
  const title = `Waitlist course ${RUN}`;
  const course = await createPublishedCourse(page.request, token, {
    title,
    description: '<p>Opens soon.</p>',
    price: '0',
    comingSoon: 'true',
  });
  const email = `waiting.${RUN}@visitor.test`;

  // The visitor: a 375 px phone in Arabic, no JavaScript at all (the form is plain HTML).
  const visitor = await browser.newContext({ viewport: { width: 375, height: 812 }, javaScriptEnabled: false });
  const phone = await visitor.newPage();
  await phone.goto(`/ar/courses/${course.slug}`);
  const form = phone.getByRole('region', { name: 'أخبرني عند افتتاحها' });
  await expect(form).toBeVisible();
  await expect(form).toContainText('نستخدم بريدك فقط لإعلامك بهذه الدورة');
  const field = form.getByRole('textbox', { name: 'البريد الإلكتروني' });
  await expect(field).toHaveAccessibleDescription(/نستخدم بريدك فقط/);
  // Nothing sideways at 375 px.
  await expectFits(phone, 375);
  await field.fill(email);
  await form.getByRole('button', { name: 'أعلمني' }).click();
  await expect(phone.getByRole('heading', { level: 1, name: 'أنت على القائمة' })).toBeVisible();
  await expect(phone.locator('html')).toHaveAttribute('dir', 'rtl');
  await phone.getByRole('link', { name: 'العودة إلى الدورة' }).click();
  await expect(phone).toHaveURL(new RegExp(`/ar/courses/${course.slug}$`));
  await visitor.close();
  // The form as axe reads it (labels, contrast), on the same phone width with scripts on (axe needs them).
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(`/ar/courses/${course.slug}`);
  await expectNoAxeViolations(page, 'section[aria-labelledby="waitlist-heading"]');
  await page.setViewportSize({ width: 1280, height: 720 });

  // The owner puts the course on sale with a price, then e-mails the waitlist from the course list.
  const changed = await page.request.put(`/api/courses/courses/course/${course.slug}`, {
    headers: { authorization: `Bearer ${token}` },
    multipart: { title, price: '250', comingSoon: 'false' },
  });
  expect(changed.status(), await changed.text()).toBe(200);
  await signInAsAdmin(page);
  await page.goto(`/admin/dashboard/list?q=${encodeURIComponent(title)}`);
  const card = page.getByRole('listitem').filter({ hasText: title });
  await card.getByRole('button', { name: /E-mail 1 person on the waitlist/ }).click();
  const confirm = dialog(page, 'E-mail the waitlist?');
  await expect(confirm).toContainText('This is sent once only.');
  await confirm.getByRole('button', { name: 'Send the e-mails' }).click();
  await expect(toast(page, 'E-mail sent to 1 person on the waitlist')).toBeVisible();
  await expect(card.getByRole('button', { name: /on the waitlist/ })).toHaveCount(0);
  await expect(card).toContainText('Waitlist e-mailed on');

  // The announcement, in the language the visitor signed up in, with the course and a way out.
  const mail = await waitForMail({ to: email });
  expect(mail.subject).toBe(`متاحة الآن: ${title}`);
  expect(mail.text).toContain(`/ar/courses/${course.slug}`);
  expect(mail.text).toContain('/unsubscribe');

  // The signup in the inbox: a follow-up day of today makes it due; then won, with a note.
  await page.goto(`/admin/dashboard/leads?kind=waitlist&q=${encodeURIComponent(email)}`);
  const rows = page.getByRole('region', { name: 'Leads' }).getByRole('listitem');
  await expect(rows).toHaveCount(1);
  await rows.first().getByRole('link').click();
  const lead = page.getByRole('article');
  await expect(lead.getByRole('heading', { name: email })).toBeFocused();
  const today = new Date(Date.now() + 4 * 3_600_000).toISOString().slice(0, 10);
  await lead.getByLabel('Follow-up date').fill(today);
  await lead.getByRole('button', { name: 'Save changes' }).click();
  await expect(toast(page, 'Changes saved')).toBeVisible();
  const due = page.getByRole('checkbox', { name: 'Due today' });
  await due.click();
  await expect(page).toHaveURL(/due=today/);
  await expect(due).toBeChecked();
  await expect(rows).toHaveCount(1);

  await rows.first().getByRole('link').click();
  await lead.getByLabel('Stage').selectOption('won');
  await lead.getByRole('button', { name: 'Save changes' }).click();
  await expect(toast(page, 'Changes saved')).toBeVisible();
  await lead.getByLabel('Add a note').fill('Bought it the day it opened.');
  await lead.getByRole('button', { name: 'Add note' }).click();
  await expect(toast(page, 'Note added')).toBeVisible();
  await expect(lead.getByRole('region', { name: 'Notes' })).toContainText('Bought it the day it opened.');
  const history = lead.getByRole('region', { name: 'History' }).getByRole('listitem');
  await expect(history).toHaveCount(2);
  await expect(history.nth(0)).toContainText(/changed the follow-up date from none to/);
  await expect(history.nth(1)).toContainText('moved it from New to Won');
  // Won is no longer due: the 'Due today' list lets it go.
  await expect(page.getByRole('region', { name: 'Leads' })).toContainText('No leads match these filters.');
});
