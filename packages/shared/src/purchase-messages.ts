/**
 * The course page's call to action (docs/product.md#course-page). Part of PAYMENT_MESSAGES (./payment-messages.ts);
 * kept in its own module so that the public course page ships these three lines and nothing more.
 */
export const PURCHASE_MESSAGES = {
  buyNow: 'Buy Now',
  goToCourse: 'Go to Course',
  loginToPurchase: 'Please log in to purchase this course.',
} as const;
