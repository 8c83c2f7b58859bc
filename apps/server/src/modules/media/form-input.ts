import type { MediaRow } from './rows.ts';

// What an admin form asks for and what reading it gives: the uploads plugin reads the form, the
// services take the result, so neither side imports the other.

export interface FormSpec {
  /** File fields that may hold an image (buffered: images are at most LIMITS.imageMaxBytes). */
  image?: readonly string[];
  /** File fields that may hold a lesson video (streamed to storage as it arrives). */
  video?: readonly string[];
}

export interface ReadFormResult {
  /** Text fields (multipart) or the top-level string, number and boolean values (JSON). */
  fields: Record<string, string>;
  /** The uploaded image's bytes, still unchecked (`storeImage` checks them by content). */
  image: Buffer | null;
  /** The uploaded video, already stored and checked: release it if the request fails later. */
  video: MediaRow | null;
}
