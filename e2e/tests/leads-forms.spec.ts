import { expect, type Page, test } from '@playwright/test';
import { OWNER_EMAIL, waitForMail } from '../support/smtp.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { adminToken, signInAsAdmin } from './admin-fixtures.ts';

/*
 * A visitor sends each form (contact page, the /consult inline form, the home page modal), sees the
 * forms' wording, the lead reaches the admin inbox, and the SMTP stand-in receives both e-mails.
 */

const run = Date.now().toString(36);

// These journeys use the preferred-time form, which the consultation form shows while the owner
// has set no hours (the demo seeds some; booking.spec.ts books into slots).
test.beforeAll(async ({ request }) => {
  const token = await adminToken(request);
  const res = await request.put('/api/booking/availability', {
    headers: { authorization: `Bearer ${token}` },
    data: { weeklyHours: [], dateOverrides: [] },
  });
  expect(res.status()).toBe(200);
});
async function expectInInbox(page: Page, name: string, details: string[]) {
  await signInAsAdmin(page);
  await page.goto(`/admin/dashboard/leads?q=${encodeURIComponent(name)}`);
  const item = page.getByRole('link', { name: new RegExp(name) });
  await expect(item).toBeVisible();
  await item.click();
  const detail = page.getByRole('article');
  await expect(detail.getByRole('heading', { name })).toBeVisible();
  for (const text of details) await expect(detail).toContainText(text);
}

test.describe('contact form', () => {
  test('shows the hints, checks fields, sends, confirms, reaches the inbox and both inboxes', async ({ page }) => {
    const email = `jane.${run}@visitor.test`;
    const last = `Contact${run}`;
    await page.goto('/contact?query_type=course');
    const form = page.locator('form').filter({ has: page.getByLabel('First name') });

    await expect(form.getByLabel('What is your enquiry about?')).toHaveValue('course');
    // The country code is a list: its rule is no standing hint (only an error, should one ever apply).
    await expect(form.getByText('Country code must start with + followed by 1 to 4 digits')).toHaveCount(0);
    await expect(form.getByText('Enter a valid phone number (6 to 14 digits)')).toBeVisible();
    await expect(form.getByLabel('Country code')).toHaveValue('AE');
    await expect(form.getByLabel('Country code').locator('option').first()).toHaveText('United Arab Emirates (+971)');
    expect(await form.getByLabel('Country code').locator('option').count()).toBeGreaterThanOrEqual(195);

    // Empty: every field is flagged and focus goes to the first one.
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(form.getByLabel('First name')).toBeFocused();
    await expect(form.getByLabel('First name')).toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByLabel('First name')).toHaveAccessibleDescription('Please enter your first name.');
    // The error repeats the hint, so it is announced once.
    await expect(form.getByLabel('Phone number')).toHaveAccessibleDescription(
      'Enter a valid phone number (6 to 14 digits)',
    );
    await expect(form.getByLabel('Phone number')).toHaveAttribute('aria-invalid', 'true');

    await form.getByLabel('First name').fill('Jane');
    await form.getByLabel('Last name').fill(last);
    await form.getByLabel('Email').fill('jane@invalid');
    await form.getByLabel('Country code').selectOption({ label: 'United Kingdom (+44)' });
    await form.getByLabel('Phone number').fill('12345');
    await form.getByLabel('Message').fill('Hello <b>there</b>,\nplease call me about off-plan.');
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(form.getByLabel('Email')).toHaveAccessibleDescription('Please enter a valid email address.');
    await expect(form.getByLabel('Phone number')).toHaveAttribute('aria-invalid', 'true');

    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Phone number').fill('7700 900123');
    await expect(form.getByLabel('Email')).not.toHaveAttribute('aria-invalid');

    // Hold the request to see the sending state.
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/contact', async (route) => {
      await held;
      await route.continue();
    });
    await form.getByRole('button', { name: 'Send Message' }).click();
    const sending = form.getByRole('button', { name: 'Sending...' });
    await expect(sending).toBeDisabled();
    release();
    // A lasting confirmation takes the form's place; 'Send another message' brings it back, empty.
    const sent = page.getByRole('heading', { name: 'Message sent successfully!' });
    await expect(sent).toBeFocused();
    await expect(page.getByText(`a confirmation is on its way to ${email}`)).toBeVisible();
    await page.getByRole('button', { name: 'Send another message' }).click();
    await expect(form.getByLabel('First name')).toHaveValue('');
    await expect(form.getByRole('button', { name: 'Send Message' })).toBeEnabled();

    const owner = await waitForMail({ to: OWNER_EMAIL, subjectIncludes: `Jane ${last}` });
    expect(owner.subject).toBe(`New contact message from Jane ${last}`);
    expect(owner.replyTo).toContain(email);
    for (const text of [email, '+447700900123', 'Courses', 'please call me about off-plan.']) {
      expect(owner.text).toContain(text);
    }
    expect(owner.html).toContain('Hello &lt;b&gt;there&lt;/b&gt;');
    const ack = await waitForMail({ to: email });
    expect(ack.subject).toContain('We received your message');

    await expectInInbox(page, `Jane ${last}`, [email, '+447700900123', 'Courses', 'please call me about off-plan.']);
  });

  test('shows the failure message when the message cannot be sent', async ({ page }) => {
    await page.route('**/api/contact', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' }),
    );
    await page.goto('/contact');
    const form = page.locator('form').filter({ has: page.getByLabel('First name') });
    await expect(form.getByLabel('What is your enquiry about?')).toHaveValue('consultation');
    await form.getByLabel('First name').fill('Sam');
    await form.getByLabel('Last name').fill('Failing');
    await form.getByLabel('Email').fill('sam@visitor.test');
    await form.getByLabel('Phone number').fill('501234567');
    await form.getByLabel('Message').fill('Hi');
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(form.getByRole('status')).toHaveText('Failed to send message. Please try again later.');
    // What the visitor typed is kept, so they can try again.
    await expect(form.getByLabel('Message')).toHaveValue('Hi');
  });
});

async function fillConsultation(scope: ReturnType<Page['locator']>, name: string, email: string) {
  await scope.getByLabel('Full name').fill(name);
  await scope.getByLabel('Email').fill(email);
  await scope.getByLabel('Phone number').fill('50 123 4567');
  await scope.getByLabel('Investment interest').selectOption('Relocation');
  await scope.getByLabel('Investment amount (AED)').selectOption('6m+');
  await scope.getByLabel('Preferred time for a call').selectOption('Weekend AM');
}

test.describe('consultation booking', () => {
  test('the /consult form checks the phone, thanks the visitor until asked again, and the lead is e-mailed', async ({
    page,
  }) => {
    const name = `Omar Consult${run}`;
    const email = `omar.${run}@visitor.test`;
    await page.goto('/consult');
    const form = page.locator('#book form');
    await form.getByRole('button', { name: 'Book Free Consultation' }).click();
    await expect(form.getByLabel('Full name')).toBeFocused();
    await expect(form.getByLabel('Phone number')).toHaveAccessibleDescription(
      'Invalid number. Include a valid phone number after country code.',
    );
    await expect(form.getByLabel('Investment interest')).toHaveAccessibleDescription(
      'Please choose your investment interest.',
    );

    await fillConsultation(form, name, email);
    // The whole phone must be + and at least 6 digits : +971 and 2 more is too short.
    await form.getByLabel('Phone number').fill('1-2');
    await form.getByRole('button', { name: 'Book Free Consultation' }).click();
    await expect(form.getByLabel('Phone number')).toHaveAccessibleDescription(
      'Invalid number. Include a valid phone number after country code.',
    );
    await form.getByLabel('Phone number').fill('50+1234567');
    await form.getByRole('button', { name: 'Book Free Consultation' }).click();
    await expect(form.getByLabel('Phone number')).toHaveAccessibleDescription(
      'Invalid phone number. Please use correct format.',
    );
    await form.getByLabel('Phone number').fill('50 123 4567');
    await form.getByRole('button', { name: 'Book Free Consultation' }).click();

    const book = page.locator('#book');
    await expect(book.getByRole('heading', { name: 'Thank you!' })).toBeFocused();
    await expect(book.getByText('We will get back to you within 24 business hours.')).toBeVisible();
    // The thanks stays until the visitor asks for the form again, empty.
    await page.waitForTimeout(5_500);
    await expect(book.getByRole('heading', { name: 'Thank you!' })).toBeVisible();
    await book.getByRole('button', { name: 'Book another consultation' }).click();
    await expect(book.getByLabel('Full name')).toHaveValue('');
    await expect(book.getByLabel('Full name')).toBeFocused();

    const owner = await waitForMail({ to: OWNER_EMAIL, subjectIncludes: name });
    expect(owner.subject).toBe(`New consultation request from ${name}`);
    for (const text of [email, '+971501234567', 'Relocation', '6m+', 'Weekend AM']) expect(owner.text).toContain(text);
    const ack = await waitForMail({ to: email });
    expect(ack.text).toContain('within 24 business hours');

    await expectInInbox(page, name, [email, '+971501234567', 'Relocation', '6m+', 'Weekend AM']);
  });

  test('a failure shows an accessible alert', async ({ page }) => {
    await page.route('**/api/consultations', (route) => route.fulfill({ status: 503, body: '' }));
    await page.goto('/consult');
    const form = page.locator('#book form');
    await fillConsultation(form, 'Nadia Fail', 'nadia@visitor.test');
    await form.getByRole('button', { name: 'Book Free Consultation' }).click();
    await expect(form.getByRole('alert')).toHaveText('Something went wrong. Please try again later.');
    await expect(form.getByLabel('Full name')).toHaveValue('Nadia Fail');
  });

  test('the home page modal: a focus-trapping dialog that closes on Escape, backdrop and Close', async ({ page }) => {
    const name = `Layla Modal${run}`;
    const email = `layla.${run}@visitor.test`;
    await page.goto('/');
    const opener = page.getByRole('button', { name: 'Book a Free Consultation' });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Book Your Free Consultation' });
    await expect(dialog).toBeVisible();
    await expect(page.locator('body')).toHaveCSS('overflow', 'hidden');
    // Focus starts inside and stays inside.
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
    await expect(page.locator('body')).not.toHaveCSS('overflow', 'hidden');

    // A click on the backdrop closes it too.
    await opener.click();
    await expect(dialog).toBeVisible();
    await page.mouse.click(5, 5);
    await expect(dialog).toBeHidden();

    await opener.click();
    await fillConsultation(dialog, name, email);
    await dialog.getByRole('button', { name: 'Book Free Consultation' }).click();
    await expect(dialog.getByText('We will get back to you within 24 business hours.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();

    await waitForMail({ to: OWNER_EMAIL, subjectIncludes: name });
    await waitForMail({ to: email });
    await expectInInbox(page, name, [email, 'Relocation']);
  });
});

test.describe('accessibility of the lead forms', () => {
  test('the contact form, with its errors showing, has no axe violations', async ({ page }) => {
    await page.goto('/contact');
    const form = page.locator('form').filter({ has: page.getByLabel('First name') });
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(form.getByLabel('First name')).toHaveAttribute('aria-invalid', 'true');
    await form.evaluate((el) => el.setAttribute('data-axe', 'contact'));
    await expectNoAxeViolations(page, '[data-axe="contact"]');
  });

  test('the consultation dialog, with its errors showing, has no axe violations', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Book a Free Consultation' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Book Free Consultation' }).click();
    await expect(dialog.getByLabel('Full name')).toHaveAttribute('aria-invalid', 'true');
    await expectNoAxeViolations(page, 'dialog');
  });
});
