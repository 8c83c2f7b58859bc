import { expect, test } from '@playwright/test';
import { messagesFor } from '@oasis/shared/i18n';
import { OWNER_EMAIL, waitForMail } from '../support/smtp.ts';
import { adminToken, RUN, signInAsAdmin, toast } from './admin-fixtures.ts';
import { expectFits } from '../support/layout.ts';

/*
 * A visitor from an Instagram post arrives on the Arabic /consult page at 375 px, books a slot,
 * receives the e-mail with the invitation, moves the booking through the link in it; the owner
 * sees the booking and, on its lead, where the visitor came from, and moves the lead to won.
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

/** An invitation's property, unfolded (RFC 5545 folds long lines with CRLF and a space). */
const icsValue = (ics: string, name: string) =>
  new RegExp(`^${name}[:;](.*)$`, 'm').exec(ics.replace(/\r\n[ \t]/g, '').replace(/\r/g, ''))?.[1];

test('a visitor from Instagram books in Arabic on a phone, moves the booking from the e-mail, and the owner wins the lead', async ({
  page,
}) => {
  // One journey across the public page, the e-mail, the link's page and the admin.
  test.setTimeout(120_000);
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
  // The first page load records the first touch in a cookie the server sets.
  await page.goto('/ar/consult?utm_source=instagram&utm_medium=social');
  const touch = (await page.context().cookies()).find((c) => c.name === 'attribution');
  expect(touch?.httpOnly, 'the attribution cookie, set by the server').toBe(true);
  const form = page.locator('#book form');
  const picker = form.getByRole('group', { name: ar.bookingPage.pickSlot });
  await expect(picker).toBeVisible();
  // The free-text preferred time gives way to the slots.
  await expect(form.getByLabel(ar.leadForm.time)).toHaveCount(0);
  // The browser's zone is shown; the list of every zone opens on request, focused.
  await picker.getByRole('button', { name: ar.bookingPage.changeZone }).click();
  await expect(picker.getByLabel(ar.bookingPage.timeZone)).toBeFocused();
  await picker.getByLabel(ar.bookingPage.timeZone).selectOption('Europe/London');
  // Each time is a radio inside its label (the label is what a finger presses).
  const firstSlot = picker.locator('label:has(input[type=radio])').first();
  await firstSlot.click();
  await expect(firstSlot.getByRole('radio')).toBeChecked();
  const chosenStart = await firstSlot.getByRole('radio').inputValue();

  await form.getByLabel(ar.leadForm.fullName).fill(name);
  await form.getByLabel(ar.leadForm.email).fill(email);
  await form.getByLabel(ar.leadForm.phoneNumber).fill('50 123 4567');
  await form.getByLabel(ar.leadForm.interest).selectOption('Relocation');
  await form.getByLabel(ar.leadForm.amount).selectOption('6m+');
  await form.getByRole('button', { name: ar.leadForm.bookConsultation }).click();
  await expect(page.getByRole('status').filter({ hasText: 'تم حجز استشارتك' })).toBeVisible();
  // Nothing is wider than the phone's screen.
  await expectFits(page, 375);

  // The visitor's e-mail, in Arabic, with the calendar links; the owner's too.
  const mail = await waitForMail({ to: email, subjectIncludes: 'تم حجز استشارتك' });
  expect(mail.text).toContain('https://calendar.google.com/calendar/render?action=TEMPLATE');
  // The invitation: a request for the chosen time, in UTC, with a fixed UID and the first SEQUENCE.
  const stamp = (iso: string) => iso.replace(/[-:]/g, '').replace(/\.\d{3}/, '');
  expect(icsValue(mail.calendar, 'METHOD')).toBe('REQUEST');
  expect(icsValue(mail.calendar, 'DTSTART')).toBe(stamp(chosenStart));
  expect(icsValue(mail.calendar, 'SEQUENCE')).toBe('0');
  const uid = icsValue(mail.calendar, 'UID');
  expect(uid).toBeTruthy();
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
  // The same event, updated: same UID, a higher SEQUENCE, a new start.
  expect(icsValue(moved.calendar, 'METHOD')).toBe('REQUEST');
  expect(icsValue(moved.calendar, 'UID')).toBe(uid);
  expect(icsValue(moved.calendar, 'SEQUENCE')).toBe('1');
  expect(icsValue(moved.calendar, 'DTSTART')).not.toBe(stamp(chosenStart));
  // The old link is spent.
  await page.goto(new URL(link!).pathname);
  await expect(page.getByText(ar.booking.linkInvalid)).toBeVisible();

  // The owner sees the booking in the Calendar screen.
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAsAdmin(page);
  await page.goto('/admin/dashboard/calendar');
  await expect(page.getByRole('heading', { name: 'Upcoming bookings' })).toBeVisible();
  await expect(page.getByText(name)).toBeVisible();

  // The lead row holds the first touch from the cookie: Organic Social / instagram.
  const found = await page.request.get(`/api/leads?kind=consultation&q=${encodeURIComponent(email)}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const { leads } = (await found.json()) as { leads: { firstTouch: unknown }[] };
  expect(leads).toHaveLength(1);
  expect(leads[0]?.firstTouch).toEqual({ channel: 'Organic Social', source: 'instagram', campaign: null });

  // In the inbox the owner reads where the visitor came from and moves the lead to won.
  await page.goto(`/admin/dashboard/leads?kind=consultation&q=${encodeURIComponent(email)}`);
  const rows = page.getByRole('region', { name: 'Leads' }).getByRole('listitem');
  await expect(rows).toHaveCount(1);
  await rows.first().getByRole('link').click();
  const lead = page.getByRole('article');
  await expect(lead.getByRole('heading', { name })).toBeFocused();
  await expect(lead).toContainText('First came from');
  await expect(lead).toContainText('Organic Social / instagram');
  await lead.getByLabel('Stage').selectOption('won');
  await lead.getByRole('button', { name: 'Save changes' }).click();
  await expect(toast(page, 'Changes saved')).toBeVisible();
  const history = lead.getByRole('region', { name: 'History' }).getByRole('listitem');
  await expect(history.last()).toContainText('moved it from New to Won');
});
