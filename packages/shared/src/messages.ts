import { CATALOG_MESSAGES } from './catalog-messages.ts';

/** User-facing wording (docs/product.md#wording). Both the server and the browser import from here. */
export const MESSAGES = {
  invalidEmail: 'Please enter a valid email address.',
  passwordTooShort: 'Password must be at least 6 characters long.',
  nameTooShort: 'Name must be at least 3 characters.',
  somethingWentWrong: 'Something went wrong.',
  notFound: 'Not found',
  courseNotFound: 'Course not found',
  blogNotFound: 'Blog not found.',
  validationFailed: 'Please check the highlighted fields.',
  unauthorized: 'Please log in to continue.',
  forbidden: 'You do not have permission to do that.',
  tooManyRequests: 'Too many attempts. Please wait a few minutes and try again.',
  internal: 'Something went wrong on our side. Please try again later.',
  // The database is out of reach (stopped, restarting, not answering): sent with a 503 and Retry-After.
  serviceUnavailable: 'The site cannot reach its database just now. Please try again in a minute.',
  restarting: 'The site is restarting. Please try again in a moment.',
  // Text that cannot be stored (a NUL character, half of a UTF-16 pair) or a body nested past reason.
  badCharacters: 'This field contains characters we cannot accept.',
  nestedTooDeeply: 'The request is nested too deeply.',
  ...CATALOG_MESSAGES,
  noBlogs: 'No blog posts available at the moment. Please check back later.',
} as const;
