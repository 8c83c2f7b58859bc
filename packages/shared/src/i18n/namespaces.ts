import admin from './ns/admin.ts';
import adminShell from './ns/admin-shell.ts';
import adminScreens from './ns/admin-screens.ts';
import adminBlogs from './ns/admin-blogs.ts';
import adminHome from './ns/admin-home.ts';
import adminMentor from './ns/admin-mentor.ts';
import adminMentorRules from './ns/admin-mentor-rules.ts';
import adminPodcasts from './ns/admin-podcasts.ts';
import adminLeads from './ns/admin-leads.ts';
import waitlist from './ns/waitlist.ts';
import adminOrders from './ns/admin-orders.ts';
import adminCoupons from './ns/admin-coupons.ts';
import cursor from './ns/cursor.ts';
import adminCourses from './ns/admin-courses.ts';
import adminModules from './ns/admin-modules.ts';
import adminQuiz from './ns/admin-quiz.ts';
import adminUi from './ns/admin-ui.ts';
import adminSettings from './ns/admin-settings.ts';
import richText from './ns/rich-text.ts';
import imageFile from './ns/image-file.ts';
import common from './ns/common.ts';
import account from './ns/account.ts';
import auth from './ns/auth.ts';
import checkout from './ns/checkout.ts';
import learning from './ns/learning.ts';
import network from './ns/network.ts';
import payment from './ns/payment.ts';
import progress from './ns/progress.ts';
import quiz from './ns/quiz.ts';
import core from './ns/core.ts';
import api from './ns/api.ts';
import imageUpload from './ns/image-upload.ts';
import mail from './ns/mail.ts';
import sandboxPayment from './ns/sandbox-payment.ts';
import tooBusy from './ns/too-busy.ts';
import taxDocument from './ns/tax-document.ts';
import footer from './ns/footer.ts';
import nav from './ns/nav.ts';
import catalogue from './ns/catalogue.ts';
import catalogueSearch from './ns/catalogue-search.ts';
import consult from './ns/consult.ts';
import contact from './ns/contact.ts';
import course from './ns/course.ts';
import enrol from './ns/enrol.ts';
import leadForm from './ns/lead-form.ts';
import leads from './ns/leads.ts';
import purchase from './ns/purchase.ts';
import home from './ns/home.ts';
import about from './ns/about.ts';
import whyDubai from './ns/why-dubai.ts';
import privacy from './ns/privacy.ts';
import blog from './ns/blog.ts';
import courseCard from './ns/course-card.ts';
import videos from './ns/videos.ts';
import videoSection from './ns/video-section.ts';
import notFound from './ns/not-found.ts';
import courseRules from './ns/course-rules.ts';
import lessonPreview from './ns/lesson-preview.ts';
import validation from './ns/validation.ts';
import tax from './ns/tax.ts';
import adminRevenue from './ns/admin-revenue.ts';
import revenueRules from './ns/revenue-rules.ts';
import invoices from './ns/invoices.ts';
import attribution from './ns/attribution.ts';
import attributionRules from './ns/attribution-rules.ts';
import certificate from './ns/certificate.ts';
import certificateRules from './ns/certificate-rules.ts';
import certificates from './ns/certificates.ts';
import finishMail from './ns/finish-mail.ts';
import completion from './ns/completion.ts';
import booking from './ns/booking.ts';
import bookingPage from './ns/booking-page.ts';
import bookingMail from './ns/booking-mail.ts';
import adminBooking from './ns/admin-booking.ts';
import reviews from './ns/reviews.ts';
import reviewRules from './ns/review-rules.ts';
import adminReviews from './ns/admin-reviews.ts';

/**
 * Every namespace of the catalogues (docs/i18n.md). A new one is a file in ./ns (its English and
 * its Arabic side by side) and a line here; say below whether it is a rules namespace, a page's
 * own or the server's only.
 */
export const NAMESPACES = {
  core,
  api,
  imageUpload,
  mail,
  sandboxPayment,
  tooBusy,
  taxDocument,
  admin,
  adminShell,
  adminScreens,
  adminBlogs,
  adminHome,
  adminMentor,
  adminMentorRules,
  adminPodcasts,
  adminLeads,
  adminOrders,
  adminCoupons,
  cursor,
  imageFile,
  adminUi,
  adminSettings,
  richText,
  adminCourses,
  adminModules,
  adminQuiz,
  common,
  auth,
  payment,
  quiz,
  progress,
  network,
  account,
  checkout,
  learning,
  nav,
  footer,
  leads,
  purchase,
  leadForm,
  waitlist,
  catalogue,
  catalogueSearch,
  course,
  enrol,
  contact,
  consult,
  home,
  about,
  whyDubai,
  privacy,
  blog,
  courseCard,
  videos,
  videoSection,
  notFound,
  courseRules,
  lessonPreview,
  validation,
  tax,
  invoices,
  adminRevenue,
  revenueRules,
  attribution,
  attributionRules,
  certificate,
  certificateRules,
  certificates,
  finishMail,
  completion,
  booking,
  bookingPage,
  bookingMail,
  adminBooking,
  reviews,
  reviewRules,
  adminReviews,
};

/**
 * Texts of the rules (the shared schemas and the API write them in English): the browser and the
 * API's error answers translate them through `systemDictionary`.
 */
export const SYSTEM_NAMESPACES = [
  'auth',
  'payment',
  'quiz',
  'progress',
  'network',
  'core',
  'api',
  'imageUpload',
  'admin',
  'adminScreens',
  'adminMentorRules',
  'cursor',
  'imageFile',
  'leads',
  'purchase',
  'courseRules',
  'validation',
  'tax',
  'revenueRules',
  'attributionRules',
  'certificateRules',
  'booking',
  'reviewRules',
] as const satisfies readonly (keyof typeof NAMESPACES)[];
/** A page's own texts: sent by that page's loader, never with every page. */
export const PAGE_NAMESPACES = [
  'contact',
  'consult',
  'home',
  'about',
  'whyDubai',
  'privacy',
  'blog',
  'videoSection',
  'certificate',
  'bookingPage',
] as const satisfies readonly (keyof typeof NAMESPACES)[];
/** Only the server reads these (e-mails, the pages it writes itself). */
export const SERVER_NAMESPACES = [
  'mail',
  'sandboxPayment',
  'tooBusy',
  'taxDocument',
  'finishMail',
  'waitlist',
  'bookingMail',
] as const satisfies readonly (keyof typeof NAMESPACES)[];
