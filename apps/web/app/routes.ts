import { type RouteConfig, type RouteConfigEntry, index, route } from '@react-router/dev/routes';

const english = [
  // Public pages (server-rendered, cached): app/routes/public/
  index('routes/public/home.tsx', { id: 'home' }),
  route('home', 'routes/public/home.tsx', { id: 'home-alias' }),
  route('about', 'routes/public/about.tsx'),
  route('why-dubai', 'routes/public/why-dubai.tsx'),
  route('why-dubai-real-estate', 'routes/public/why-dubai-redirect.ts'),
  route('courses', 'routes/public/courses.tsx'),
  route('courses/:slug', 'routes/public/course.tsx'),
  route('blogs/:slug', 'routes/public/blog.tsx'),
  route('contact', 'routes/public/contact.tsx'),
  route('consult', 'routes/public/consult.tsx'),
  route('privacy-policy', 'routes/public/privacy-policy.tsx'),
  route('certificates/:id', 'routes/public/certificate.tsx'),
  route('sitemap.xml', 'routes/public/sitemap.ts'),
  route('robots.txt', 'routes/public/robots.ts'),

  // Learner, auth and admin routes: add one line each below.
  route('login', 'routes/auth/login.tsx'),
  route('forgot-password', 'routes/auth/forgot-password.tsx'),
  route('reset-password/:token', 'routes/auth/reset-password.tsx'),
  route('verify-email/:token', 'routes/auth/verify-email.tsx'),
  // A booking's cancel-or-move link (browser only: the token is never rendered by the server).
  route('booking/:token', 'routes/booking/manage.tsx'),
  route('oauth-success', 'routes/auth/oauth-success.tsx'),
  route('profile', 'routes/learner/profile.tsx'),
  route('checkout/:slug', 'routes/learner/checkout.tsx'),
  route('success/:paymentIntentId', 'routes/learner/payment-success.tsx'),
  route('cancel/:paymentIntentId', 'routes/learner/payment-cancel.tsx'),
  // Matched in any casing (React Router matches paths case-insensitively); the module redirects to this one.
  route('enrolledCourse', 'routes/learner/enrolled-courses.tsx'),
  route('orders', 'routes/learner/orders.tsx'),
  route('watch/:slug', 'routes/learner/watch.tsx'),
  route('admin/login', 'routes/admin/login.tsx'),
  route('admin/dashboard', 'routes/admin/dashboard.tsx', [
    index('routes/admin/home.tsx'),
    route('add', 'routes/admin/add-course.tsx'),
    route('list', 'routes/admin/courses.tsx'),
    route('addmodules/:courseId', 'routes/admin/add-modules.tsx'),
    route('listModules/:courseId', 'routes/admin/modules.tsx'),
    route('preview/:courseId', 'routes/admin/course-preview.tsx'),
    route('quiz', 'routes/admin/add-quiz.tsx'),
    route('listquiz', 'routes/admin/quizzes.tsx'),
    route('addblog', 'routes/admin/add-blog.tsx'),
    route('listblog', 'routes/admin/blogs.tsx'),
    route('blogpreview/:slug', 'routes/admin/blog-preview.tsx'),
    route('heroeditor', 'routes/admin/hero.tsx'),
    route('introeditor', 'routes/admin/intro.tsx'),
    route('mentor', 'routes/admin/mentor.tsx'),
    route('youtubeadd', 'routes/admin/podcasts.tsx'),
    route('testimonials', 'routes/admin/testimonials.tsx'),
    route('reviews', 'routes/admin/reviews.tsx'),
    route('leads', 'routes/admin/leads.tsx'),
    route('orders', 'routes/admin/orders.tsx'),
    route('coupons', 'routes/admin/coupons.tsx'),
    route('certificates', 'routes/admin/certificates.tsx'),
    route('calendar', 'routes/admin/calendar.tsx'),
    route('settings', 'routes/admin/settings.tsx'),
    route('attribution', 'routes/admin/attribution.tsx'),
  ]),

  // Keep last: everything else answers 404.
  route('*', 'routes/public/not-found.tsx'),
] satisfies RouteConfigEntry[];

/**
 * Every screen again under `/ar`, in Arabic (docs/i18n.md): the same modules, which read the
 * locale from the address; each route gets an id of its own. The home page (an index route) is `/ar`.
 */
function inArabic(entries: RouteConfigEntry[], top: boolean): RouteConfigEntry[] {
  return entries.map((entry) => {
    const id = `ar:${entry.id ?? entry.file.replace(/\.[jt]sx?$/, '')}`;
    const path = top ? (entry.index ? 'ar' : `ar/${entry.path}`) : entry.path;
    return {
      ...entry,
      id,
      path,
      index: top ? undefined : entry.index,
      children: entry.children && inArabic(entry.children, false),
    };
  });
}

export default [...english, ...inArabic(english, true)] satisfies RouteConfig;
