import { expect, test } from '@playwright/test';
import { messagesFor } from '@oasis/shared/i18n';
import { OWNER_EMAIL, waitForMail } from '../support/smtp.ts';
import { adminToken, RUN, signInAsAdmin } from './admin-fixtures.ts';

/*
 * A visitor books a consultation slot on the Arabic /consult page at 375 px, receives the e-mail
 * with the invitation, moves the booking through the link in it; the owner sees it in the admin.
 * The owner's hours are set first through the admin API (every day, all day, so the run does not
 * depend on the weekday), and cleared afterwards: other journeys use the preferred-time form.
 */

const ar = messagesFor('ar');
const EVERY_DAY = [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, start: '00:00', end: '24:00' }));

test.afterAll(async ({ request }) => {
  const token = await adminToken(request);
  await request.put('/api/booking/availability', {
    headers: { authorization: `Bearer ${token}` },
    data: { weeklyHours: [], dateOverrides: [] },
  });
});

test('a visitor books in Arabic on a phone, moves the booking from the e-mail, and the owner sees it', async ({
  page,
}) => {
  // One journey across the public page, the e-mail, the link's page and the admin.
  test.slow();
  const token = await adminToken(page.request);
  const hours = await page.request.put('/api/booking/availability', {
    headers: { authorization: `Bearer ${token}` },
    data: { weeklyHours: EVERY_DAY, dateOverrides: [], slotMinutes: 60, minimumNoticeMinutes: 60 },
  });
  expect(hours.status(), await hours.text()).toBe(200);

  const name = `Booker ${RUN}`;
  const email = `booker.${RUN}@visitor.test`;
  await page.setViewportSize({ width: 375, height: 800 });
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/ar/consult');
  const form = page.locator('#book form');
  const picker = form.getByRole('group', { name: ar.bookingPage.pickSlot });
  await expect(picker).toBeVisible();
  // The free-text preferred time gives way to the slots.
  await expect(form.getByLabel(ar.leadForm.time)).toHaveCount(0);
  await picker.getByLabel(ar.bookingPage.timeZone).selectOption('Europe/London');
  // Each time is a radio inside its label (the label is what a finger presses).
  const firstSlot = picker.locator('label:has(input[type=radio])').first();
  await firstSlot.click();
  await expect(firstSlot.getByRole('radio')).toBeChecked();

  await form.getByLabel(ar.leadForm.fullName).fill(name);
  await form.getByLabel(ar.leadForm.email).fill(email);
  await form.getByLabel(ar.leadForm.phoneNumber).fill('50 123 4567');
  await form.getByLabel(ar.leadForm.interest).selectOption('Relocation');
  await form.getByLabel(ar.leadForm.amount).selectOption('6m+');
  await form.getByRole('button', { name: ar.leadForm.bookConsultation }).click();
  await expect(page.getByRole('status').filter({ hasText: 'تم حجز استشارتك' })).toBeVisible();
  // Nothing is wider than the phone's screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  // The visitor's e-mail, in Arabic, with the calendar links; the owner's too.
  const mail = await waitForMail({ to: email, subjectIncludes: 'تم حجز استشارتك' });
  expect(mail.text).toContain('https://calendar.google.com/calendar/render?action=TEMPLATE');
  await waitForMail({ to: OWNER_EMAIL, textIncludes: name });
  const link = /https?:\/\/\S+\/ar\/booking\/[A-Za-z0-9_-]{43}/.exec(mail.text)?.[0];
  expect(link, 'the cancel-or-move link').toBeDefined();

  // Move it to another time through the link.
  await page.goto(new URL(link!).pathname);
  await expect(page.getByRole('heading', { name: ar.bookingPage.manageTitle })).toBeVisible();
  const movePicker = page.getByRole('group', { name: ar.bookingPage.pickSlot });
  const later = movePicker.locator('label:has(input[type=radio])').nth(2);
  await later.click();
  await expect(later.getByRole('radio')).toBeChecked();
  await page.getByRole('button', { name: ar.bookingPage.move }).click();
  await expect(page.getByText('تم نقل استشارتك')).toBeVisible();
  const moved = await waitForMail({ to: email, subjectIncludes: 'تغيّر موعد استشارتك' });
  expect(moved.text).toContain('/ar/booking/');
  // The old link is spent.
  await page.goto(new URL(link!).pathname);
  await expect(page.getByText(ar.booking.linkInvalid)).toBeVisible();

  // The owner sees the booking in the Calendar screen.
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAsAdmin(page);
  await page.goto('/admin/dashboard/calendar');
  await expect(page.getByRole('heading', { name: 'Upcoming bookings' })).toBeVisible();
  await expect(page.getByText(name)).toBeVisible();
});
