// The before/after screenshots of the selling pages (docs/screenshots/selling/): the course page, the About
// page and the admin dashboard at 375 and 1280 px, from a running site with the demo content.
//   ADMIN_EMAIL=… ADMIN_PASSWORD=… node e2e/support/selling-shots.mjs http://localhost:3000 after
import { chromium } from 'playwright';
const [origin, label] = process.argv.slice(2);
const out = new URL('../../docs/screenshots/selling', import.meta.url).pathname;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const admin = await (
  await fetch(`${origin}/api/auth/admin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: process.env.ADMIN_EMAIL, password: process.env.ADMIN_PASSWORD }),
  })
).json();
for (const width of [375, 1280]) {
  const page = await browser.newPage({ viewport: { width, height: width === 375 ? 812 : 900 } });
  for (const [name, path] of [
    ['course', '/courses/introduction-to-off-plan'],
    ['about', '/about'],
  ]) {
    await page.goto(origin + path, { waitUntil: 'networkidle' });
    // Lazy images below the fold load as a reader scrolls: scroll through first.
    await page.evaluate(async () => {
      for (let y = 0; y < document.body.scrollHeight; y += 400) {
        window.scrollTo(0, y);
        await new Promise((r) => setTimeout(r, 50));
      }
      window.scrollTo(0, 0);
    });
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: `${out}/${label}-${name}-${width}.png`, fullPage: true });
  }
  await page.goto(`${origin}/admin/login`);
  await page.evaluate((t) => localStorage.setItem('adminToken', t), admin.token);
  await page.goto(`${origin}/admin/dashboard`, { waitUntil: 'networkidle' });
  await page.waitForTimeout(1000);
  await page.screenshot({ path: `${out}/${label}-admin-dashboard-${width}.png`, fullPage: true });
  await page.close();
}
await browser.close();
