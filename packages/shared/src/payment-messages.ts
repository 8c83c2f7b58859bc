import { MESSAGES } from './messages.ts';
import { PURCHASE_MESSAGES } from './purchase-messages.ts';

/**
 * The wording of buying a course (docs/product.md#buying-a-course). Kept apart from ./payments.ts, which has the zod
 * schemas, so that pages can show it without shipping zod to the browser.
 */
export const PAYMENT_MESSAGES = {
  // Course detail and checkout.
  ...PURCHASE_MESSAGES,
  loadingCheckout: 'Loading checkout…',
  courseNotFound: 'Course not found.',
  failedToFetchCourse: 'Failed to fetch course details',
  payNow: 'Pay Now',
  processing: 'Processing...',
  paymentUrlNotFound: 'Payment URL not found.',
  paymentInitiationFailed: 'Payment initiation failed.',
  /** On checkout and on the sandbox's page while PAYMENT_PROVIDER is the sandbox. */
  testMode: 'Test mode: no real payment is taken.',
  testModeDetail: 'Payments on this site run in a test sandbox: you can enrol without being charged.',
  // Rules the server enforces at checkout.
  alreadyEnrolled: 'You are already enrolled in this course.',
  priceOnApplication: 'This course is priced on application. Please contact us to enrol.',
  comingSoon: 'This course is coming soon and cannot be bought yet.',
  courseUnavailable: 'This course is no longer available.',
  providerUnavailable: 'The payment provider could not be reached. Please try again in a moment.',
  // Coupons: why a code is refused at checkout (an inactive code is answered as unknown).
  couponUnknown: 'This coupon code does not exist.',
  couponNotYetValid: 'This coupon code is not valid yet.',
  couponExpired: 'This coupon code has expired.',
  couponUsedUp: 'This coupon code has been used up.',
  couponAlreadyUsed: 'You have already used this coupon code.',
  couponNotForCourse: 'This coupon code is not for this course.',
  // Coupons: the admin's rules.
  couponNotFound: 'Coupon not found.',
  couponCodeTaken: 'Another coupon already has this code.',
  couponCodeFormat: 'A code is 3 to 32 letters, digits, hyphens or underscores.',
  couponPercentRange: 'A percentage is a whole number from 1 to 100.',
  couponAmountRange: 'An amount is more than 0 AED, in fils at most.',
  couponLimitRange: 'A limit is a whole number of at least 1.',
  couponTimeFormat: 'Enter a date and time.',
  couponWindowOrder: 'The end must come after the start.',
  couponInUse: 'This coupon has been used: deactivate it instead of deleting it.',
  failedToLoadCoupons: 'Failed to load coupons.',
  // Result pages.
  paymentSuccessful: 'Payment Successful!',
  paymentCanceled: 'Payment Canceled',
  retryPayment: 'Retry Payment',
  waitingForConfirmation: 'We are waiting for the payment provider to confirm your payment…',
  paymentFailed: 'The payment could not be completed. You have not been charged for this course.',
  paymentNotFound: 'Payment not found.',
  // Enrolled courses.
  enrolledTitle: 'Your Enrolled Courses',
  noEnrolledCourses: 'You have not enrolled in any courses yet.',
  loadingCourses: 'Loading courses...',
  untitledCourse: 'Untitled Course',
  // Webhooks.
  invalidWebhook: 'Invalid webhook signature.',
  // Admin orders screen.
  noOrders: 'No orders yet.',
  loadingOrders: 'Loading orders...',
  failedToLoadOrders: 'Failed to load orders.',
  unauthorized: MESSAGES.unauthorized,
} as const;
