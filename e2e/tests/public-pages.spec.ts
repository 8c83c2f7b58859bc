import { expect, test } from '@playwright/test';
import { PUBLIC_PAGES, rawHtml, SEED } from './support/public';

test.describe('server-rendered HTML (no JavaScript)', () => {
  test('the home page holds the hero, intro, services, videos and the course teaser', async ({ request }) => {
    const { status, html } = await rawHtml(request, '/');
    expect(status).toBe(200);
    expect(html).toMatch(/<h1[^>]*>Invest in Dubai/);
    expect(html).toContain('Why Choose Me?');
    for (const service of ['Mentorship', 'Dubai Guidance', 'Market Insights', 'Financing Guidance']) {
      expect(html).toContain(service);
    }
    expect(html).toContain('Golden Visa Guidance');
    expect(html).toContain('Courses &amp; Training');
    expect(html).toContain('Learn On the Go');
    expect(html).toContain(SEED.video.title);
    expect(html).toContain(SEED.flagship.title);
    expect(html).toContain('Explore Courses');
    // The hero image is the page's priority image, in modern formats with a JPEG fallback.
    expect(html).toMatch(/fetchpriority="high"/i);
    expect(html).toContain('type="image/avif"');
    expect(html).toContain('type="image/webp"');
  });

  test('the catalogue holds its courses and the result count', async ({ request }) => {
    const { status, html } = await rawHtml(request, '/courses');
    expect(status).toBe(200);
    expect(html).toContain(`Showing 1–${SEED.courseCount} of ${SEED.courseCount} results`);
    expect(html).toContain(SEED.flagship.title);
    expect(html).toContain(SEED.comingSoon.title);
    expect(html).toContain(SEED.flagship.price);
    expect(html).toContain('>POA<');
  });

  test('a course page holds its description, outcomes, price, modules and lessons, but no video URLs', async ({
    request,
  }) => {
    const { status, html } = await rawHtml(request, `/courses/${SEED.flagship.slug}`);
    expect(status).toBe(200);
    expect(html).toMatch(/<h1[^>]*>Introduction to Off Plan<\/h1>/);
    expect(html).toMatch(/What You(&#x27;|')ll Learn/);
    expect(html).toContain(SEED.flagship.price);
    expect(html).toContain('Off-Plan Basics');
    expect(html).toContain('Buy Now');
    expect(html).toContain(`href="/checkout/${SEED.flagship.slug}"`);
    expect(html).not.toMatch(/vimeo\.com\/\d/);
  });

  test('tracking parameters never reach the page: its canonical address is the bare one', async ({ request }) => {
    const { status, html } = await rawHtml(request, '/?utm_source=newsletter&utm_medium=email&fbclid=abc');
    expect(status).toBe(200);
    expect(html).toMatch(/<link rel="canonical" href="http:\/\/[^"/]+\/"\/>/);
    expect(html).toMatch(/<meta property="og:url" content="http:\/\/[^"/]+\/"\/>/);
    expect(html).not.toContain('utm_source');
    expect(html).not.toContain('fbclid');
  });

  test('a blog page holds its title, date, author and article', async ({ request }) => {
    const { status, html } = await rawHtml(request, `/blogs/${SEED.blog.slug}`);
    expect(status).toBe(200);
    expect(html).toMatch(/<h1[^>]*>Understanding Rental Yields in Dubai<\/h1>/);
    expect(html).toContain(SEED.blog.text);
    expect(html).toMatch(/<time dateTime="\d{4}-\d{2}-\d{2}/);
  });
});

test.describe('every public page shows its content', () => {
  for (const { path, heading } of PUBLIC_PAGES) {
    test(`${path} has its heading, a main landmark and the footer`, async ({ page }) => {
      const refused: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' && message.text().includes('Content Security Policy'))
          refused.push(message.text());
      });
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      // The policy lists no 'unsafe-inline' for scripts: the page's own inline scripts run by hash.
      expect(response?.headers()['content-security-policy']).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.getByRole('main')).toHaveCount(1);
      await expect(page.getByRole('contentinfo')).toContainText('All rights reserved');
      // The page's script ran (it marks <html> once its parts are live) and nothing was refused.
      await page.waitForFunction(() => document.documentElement.dataset.islands === 'ready');
      expect(refused).toEqual([]);
    });
  }
});

test.describe('home', () => {
  test('the Scroll cue brings the intro into view, and Why Choose Me? leads to /about', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Scroll' }).click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
    await expect
      .poll(() => page.locator('#intro').evaluate((el) => Math.round(el.getBoundingClientRect().top)))
      .toBeLessThan(120);
    await page.getByRole('link', { name: 'Why Choose Me?' }).click();
    await expect(page).toHaveURL(/\/about$/);
  });

  test('the Scroll cue works from the keyboard', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Scroll' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
  });

  test('six services, six teaser courses with short descriptions, and Explore Courses', async ({ page }) => {
    await page.goto('/');
    const services = page.locator('section[aria-labelledby="services-heading"] li');
    await expect(services).toHaveCount(6);
    const teaser = page.locator('section[aria-labelledby="courses-heading"] li');
    await expect(teaser).toHaveCount(6);
    await expect(teaser.first()).toContainText(SEED.flagship.title);
    for (const text of await teaser.locator('p.flex-1').allTextContents()) {
      expect(text.length).toBeLessThanOrEqual(101);
      expect(text).not.toMatch(/<[a-z]/i);
    }
    await expect(
      page.locator('section[aria-labelledby="courses-heading"]').getByRole('link', { name: 'Explore Courses' }),
    ).toHaveAttribute('href', '/courses');
  });

  test('videos load only when asked for', async ({ page }) => {
    await page.goto('/');
    const section = page.locator('section[aria-labelledby="videos-heading"]');
    await expect(section.getByRole('heading', { name: 'Learn On the Go' })).toBeVisible();
    await expect(section.locator('iframe')).toHaveCount(0);
    await expect(section.getByText('Coming soon')).toHaveCount(2);
    await section.getByRole('link', { name: `Play video: ${SEED.video.title}` }).click();
    const frame = section.locator('iframe');
    await expect(frame).toHaveCount(1);
    await expect(frame).toHaveAttribute('src', new RegExp(`youtube-nocookie\\.com/embed/${SEED.video.youtubeId}`));
    await expect(frame).toHaveAttribute('title', SEED.video.title);
  });

  test('the consultation call to action opens the booking dialog', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Book a Free Consultation' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
  });
});

test.describe('inner pages', () => {
  test('about tells the story', async ({ page }) => {
    await page.goto('/about');
    const main = page.getByRole('main');
    await expect(main).toContainText('26 years');
    await expect(main).toContainText('housing association');
    await expect(main).toContainText('mortgage');
    await expect(main).toContainText('Real Estate Regulatory Agency');
  });

  test('the Dubai page: six reasons, the consultation button and the latest blogs', async ({ page }) => {
    await page.goto('/why-dubai');
    await expect(page.locator('section[aria-labelledby="reasons-heading"] li')).toHaveCount(6);
    await expect(page.getByRole('link', { name: 'Get Your Free Consultation' })).toHaveAttribute('href', '/contact');
    const blogs = page.locator('section[aria-labelledby="blogs-heading"] article');
    await expect(blogs).toHaveCount(SEED.blogCount);
    for (const summary of await blogs.locator('p.flex-1').allTextContents()) {
      expect(summary.length).toBeLessThanOrEqual(153);
    }
    await page.getByRole('link', { name: `Read More about ${SEED.blog.title}` }).click();
    await expect(page).toHaveURL(new RegExp(`/blogs/${SEED.blog.slug}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(SEED.blog.title);
  });

  test('/why-dubai-real-estate moves permanently to /why-dubai', async ({ request }) => {
    const response = await request.get('/why-dubai-real-estate', { maxRedirects: 0 });
    expect(response.status()).toBe(301);
    expect(response.headers().location).toMatch(/\/why-dubai$/);
  });

  test('contact: the form takes its query type from the address, and the details link out', async ({ page }) => {
    await page.goto('/contact?query_type=course');
    const main = page.getByRole('main');
    await expect(main.locator('[name="query_type"]')).toHaveValue('course');
    await page.goto('/contact');
    await expect(main.locator('[name="query_type"]')).toHaveValue('consultation');
    await expect(main.locator('a[href^="tel:+"]')).toHaveCount(1);
    await expect(main.locator('a[href^="mailto:"]')).toHaveCount(1);
    await expect(main.getByRole('heading', { name: 'Learn On the Go' })).toBeVisible();
  });

  test('consult: the top navigation and language switch, its own video wording without the placeholders', async ({
    page,
  }) => {
    await page.goto('/consult');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await expect(page.locator('header[data-nav-state] a[hreflang="ar"]')).toBeVisible();
    const videos = page.locator('section[aria-labelledby="videos-heading"]');
    await expect(videos.getByRole('heading', { level: 2 })).not.toHaveText('Learn On the Go');
    await expect(videos.getByText('Coming soon')).toHaveCount(0);
    await expect(videos.locator('li')).toHaveCount(1);
    // A fresh site names no brand website, so the footer links to no placeholder address.
    await expect(page.getByRole('contentinfo').locator('a[href^="http"]:not([target])')).toHaveCount(0);
    await expect(page.getByRole('main').locator('form')).toHaveCount(1);
  });

  test('no brand-site link on other pages', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('contentinfo').locator('a[href^="http"]:not([target])')).toHaveCount(0);
  });

  test('privacy policy is valid from 29 June 2025', async ({ page }) => {
    await page.goto('/privacy-policy');
    await expect(page.getByText('Valid from 29 June 2025')).toBeVisible();
    await expect(page.getByRole('heading', { name: '8. Your rights' })).toBeVisible();
  });
});

test.describe('course detail', () => {
  test('shows price, tagline, facts, outcomes, FAQ and the module list; Buy Now goes to checkout', async ({ page }) => {
    await page.goto(`/courses/${SEED.flagship.slug}`);
    const aside = page.getByRole('complementary', { name: 'Enrol' });
    await expect(aside).toContainText(SEED.flagship.price);
    await expect(aside.getByRole('link', { name: 'Buy Now' })).toHaveAttribute(
      'href',
      `/checkout/${SEED.flagship.slug}`,
    );
    await expect(page.getByRole('heading', { name: "What You'll Learn" })).toBeVisible();
    // The demo's flagship has fewer learners than the threshold (10): no "0 students" on show.
    await expect(page.getByText(/\d+ students?/)).toHaveCount(0);
    await expect(page.getByText('Buy off-plan in Dubai with a clear plan, not sales pressure.')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Course facts' })).toContainText('Beginner');
    await expect(page.getByRole('heading', { name: 'Frequently asked questions' })).toBeVisible();
    // The instructor block, from the mentor profile (the demo's), with the way to the About page.
    const instructor = page.getByRole('region', { name: 'Your instructor' });
    await expect(instructor).toContainText('Sarah Whitfield');
    await expect(instructor.getByRole('link', { name: /More about your mentor/ })).toHaveAttribute('href', '/about');
    const [course] = await page
      .locator('script[type="application/ld+json"]')
      .evaluateAll((nodes) =>
        nodes.map((n) => JSON.parse(n.textContent ?? '{}')).filter((d) => d['@type'] === 'Course'),
      );
    expect(course?.hasCourseInstance?.instructor).toMatchObject({ '@type': 'Person', name: 'Sarah Whitfield' });
    await expect(page.getByRole('button', { name: /^Preview What off-plan really means/ })).toBeVisible();
    await expect(page.getByText('Off-Plan Basics')).toBeVisible();
    // Lesson titles are listed; lesson videos are not.
    await expect(page.locator('iframe')).toHaveCount(0);
  });

  test('a coming-soon course cannot be bought', async ({ page }) => {
    await page.goto(`/courses/${SEED.comingSoon.slug}`);
    const aside = page.getByRole('complementary', { name: 'Enrol' });
    await expect(aside).toContainText('Price on request');
    await expect(aside.getByRole('button', { name: 'Coming soon' })).toBeDisabled();
    await expect(aside.getByRole('link', { name: 'Buy Now' })).toHaveCount(0);
  });

  test('a course id in place of the slug moves to the slug', async ({ request }) => {
    const courses = (await (await request.get('/api/courses/course')).json()) as { _id: string; slug: string }[];
    const flagship = courses.find((c) => c.slug === SEED.flagship.slug);
    expect(flagship).toBeTruthy();
    const response = await request.get(`/courses/${flagship?._id}`, { maxRedirects: 0 });
    expect(response.status()).toBe(301);
    expect(response.headers().location).toBe(`/courses/${SEED.flagship.slug}`);
  });

  test('an unknown course answers 404 with "Course not found"', async ({ page }) => {
    const response = await page.goto('/courses/no-such-course');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Course not found');
    await expect(page.getByRole('link', { name: 'Browse all courses' })).toHaveAttribute('href', '/courses');
  });
});

test.describe('blog detail and 404', () => {
  test('an unknown blog answers 404 with "Blog not found."', async ({ page }) => {
    const response = await page.goto('/blogs/no-such-post');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Blog not found.');
  });

  test('an unknown path answers 404 inside the normal layout', async ({ page, request }) => {
    const raw = await request.get('/this/page/does-not-exist');
    expect(raw.status()).toBe(404);
    expect(await raw.text()).toContain('noindex');
    const response = await page.goto('/this/page/does-not-exist');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
  });
});
