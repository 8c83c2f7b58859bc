import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthRoutes } from './health/routes.ts';
import { enrolmentRoutes } from './enrolments/routes.ts';
import { paymentRoutes } from './payments/routes.ts';
import { couponRoutes } from './coupons/routes.ts';
import { leadRoutes } from './leads/routes.ts';
import { blogRoutes } from './blogs/routes.ts';
import { courseRoutes } from './courses/routes.ts';
import { homeRoutes } from './home/routes.ts';
import { mentorRoutes } from './mentor/routes.ts';
import { podcastRoutes } from './podcasts/routes.ts';
import { settingsRoutes } from './settings/routes.ts';
import { authRoutes } from './auth/routes.ts';
import { progressRoutes } from './progress/routes.ts';
import { quizRoutes } from './quizzes/routes.ts';
import { moduleRoutes } from './course-modules/routes.ts';
import { videoRoutes } from './videos/routes.ts';
import { mediaApiRoutes } from './media/routes.ts';
import { dashboardRoutes } from './dashboard/routes.ts';
import { revenueRoutes } from './revenue/routes.ts';
import { taxDocumentRoutes } from './tax-documents/routes.ts';
import { attributionRoutes } from './attribution/routes.ts';
import { certificateRoutes } from './certificates/routes.ts';
import { mailRoutes } from './mail/routes.ts';
import { bookingRoutes } from './booking/routes.ts';
import { reviewRoutes } from './reviews/routes.ts';

/** Every API module, registered under /api. Add a module here and nowhere else. */
export const apiModules: FastifyPluginAsyncZod[] = [
  healthRoutes,
  enrolmentRoutes,
  paymentRoutes,
  couponRoutes,
  leadRoutes,
  progressRoutes,
  quizRoutes,
  moduleRoutes,
  videoRoutes,
  mediaApiRoutes,
  courseRoutes,
  blogRoutes,
  homeRoutes,
  mentorRoutes,
  podcastRoutes,
  settingsRoutes,
  authRoutes,
  dashboardRoutes,
  revenueRoutes,
  taxDocumentRoutes,
  attributionRoutes,
  certificateRoutes,
  mailRoutes,
  bookingRoutes,
  reviewRoutes,
];
