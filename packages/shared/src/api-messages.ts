import { LIMITS } from './limits.ts';

/**
 * Texts the API writes that no shared schema does: the server's own refusals (uploads, the admin
 * inbox) and the templates of texts it builds with a value in them. Kept here, not in the server,
 * so that their namespaces (i18n/ns/api.ts, i18n/ns/image-upload.ts) can wrap them: the server
 * answers its errors in the request's language, and the pages translate what reaches them.
 */

/** An uploaded image refused by its content (modules/media/service.ts, plugins/uploads.ts). */
export const IMAGE_MESSAGES = {
  unsupported: 'Please upload a JPEG, PNG, WebP, AVIF or GIF image.',
  tooLarge: `The image is too large. Please upload one under ${Math.round(LIMITS.imageMaxBytes / 1024 / 1024)} MB.`,
  tooManyPixels: 'The image has too many pixels. Please upload one under 50 megapixels.',
} as const;

/**
 * The API's other texts. A `{name}` marks a value: an error answer carries it in `values`, and each
 * reader fills the text of the answer's code with it (error-codes.ts).
 */
export const API_MESSAGES = {
  leadNotFound: 'Lead not found',
  waitlistCourseNotFound: 'This course is not taking waitlist signups.',
  waitlistNotOnSale: 'The course must be published with a price before its waitlist is e-mailed.',
  waitlistAlreadyAnnounced: 'The waitlist of this course has already been e-mailed.',
  /** `{size}`: '2 GB', '500 MB'. */
  videoTooLarge: 'The video is too large. Please upload one under {size}.',
  /** The quiz's refusals (QUIZ_MESSAGES in ./quiz.ts builds them with the number or the day). */
  quizAttemptsUsedUpOne: 'You have used your one attempt at this quiz.',
  quizAttemptsUsedUp: 'You have used all {limit} attempts at this quiz.',
  quizWaitForNextAttempt:
    'You have used your attempts for now. You can take the quiz again on {day} at {time} (Dubai time).',
  /**
   * The framework's own refusals (a body that is not JSON, too large, of a type no route takes):
   * English answers keep the framework's words; other languages get these.
   */
  requestUnreadable: 'The request could not be read.',
  requestTooLarge: 'The request is too large.',
  requestTypeRefused: 'This type of content is not accepted.',
  /** The operator's account commands (npm run admin); `{email}` is the address they typed. */
  adminAccountExists:
    'An admin account with the email {email} already exists. To change its password, run: npm run admin -- reset-password --email {email}',
  learnerAccountExists:
    'A learner account with the email {email} already exists; use another e-mail for the admin account.',
  noAccountWithEmail: 'No account has the email {email}.',
} as const;
