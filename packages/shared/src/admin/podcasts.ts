import { z } from 'zod';
import { podcastVideoSchema } from '../api.ts';
import { parseYouTubeUrl } from '../video-urls.ts';
import { ADMIN_LIMITS, arabicTextField, checkBySchema, idListField } from './common.ts';

/** Podcast videos on the home page (docs/product.md#admin-podcasts). */

/**
 * A podcast video as the admin sees it: `hidden` ones stay in the admin, off every public page, until
 * the owner shows them. `GET /admin/podcasts` lists them all, in the owner's order.
 */
export const adminPodcastVideoSchema = podcastVideoSchema.extend({ hidden: z.boolean() });
export type AdminPodcastVideo = z.infer<typeof adminPodcastVideoSchema>;
export const adminPodcastListSchema = z.array(adminPodcastVideoSchema);

/** `PUT /youtube/visibility/{id}`: hide a video from the public pages, or show it again. */
export const podcastVisibilityInputSchema = z.object({ hidden: z.boolean() });
export type PodcastVisibilityInput = z.infer<typeof podcastVisibilityInputSchema>;

/** `PUT /youtube/reorder`: every podcast video, in the new order. */
export const reorderPodcastsInputSchema = z.object(
  { ids: idListField('admin.podcastOrderInvalid') },
  { error: 'admin.podcastOrderInvalid' },
);
export type ReorderPodcastsInput = z.input<typeof reorderPodcastsInputSchema>;

const podcastText = z
  .string({ error: 'admin.podcastFieldsRequired' })
  .trim()
  .min(1, { error: 'admin.podcastFieldsRequired' });

/**
 * `POST /youtube/add` and `PUT /youtube/update/{id}`: title and a YouTube watch, shorts or embed
 * link (docs/product.md#admin-podcasts), stored as the embed URL; the Arabic title `titleAr`.
 */
export const podcastInputSchema = z.object(
  {
    title: podcastText.max(ADMIN_LIMITS.titleMax, { error: 'admin.titleTooLong' }),
    /** Never required; left out on an update keeps the stored one, '' clears it. */
    titleAr: arabicTextField(ADMIN_LIMITS.titleMax, 'admin.titleTooLong'),
    embeddedUrl: podcastText.max(2000, { error: 'admin.podcastUrlInvalid' }).transform((input, ctx) => {
      const parsed = parseYouTubeUrl(input);
      if (!parsed) {
        ctx.addIssue({ code: 'custom', message: 'admin.podcastUrlInvalid' });
        return z.NEVER;
      }
      return parsed.embedUrl;
    }),
    comingSoon: z.union([z.boolean(), z.enum(['true', 'false'])]).optional(),
  },
  { error: 'admin.podcastFieldsRequired' },
);
export type PodcastInput = z.input<typeof podcastInputSchema>;

/** The podcast form, checked in the browser by the schema the server applies. */
export function checkPodcastForm(input: PodcastInput) {
  return checkBySchema(podcastInputSchema, input, 'admin.podcastFieldsRequired');
}
