import { Navbar } from '~/components/layout/navbar';
import { PurchaseAction } from '~/components/course/purchase-action';
import { LessonPreview } from '~/components/course/sales/lesson-preview';
import { ConsultationButton } from '~/components/leads/consultation-button';
import { ConsultationForm } from '~/components/leads/consultation-form';
import { ContactForm } from '~/components/leads/contact-form';
import { CopyLink } from '~/components/ui/copy-link';
import { DeferredToaster } from '~/components/ui/deferred-toaster';
import { CatalogueSearch } from '~/routes/public/sections/catalogue-search';
import { VideoSection } from '~/routes/public/sections/video-section';

/**
 * The interactive parts of public pages (docs/decisions/013-public-pages-as-islands.md). Public
 * pages are rendered whole on the server and are not hydrated as one React app: each part listed
 * here is marked in the page by `<Island>` and brought to life on its own by `main.ts`, on Preact.
 *
 * They are imported here, not loaded one by one on demand: together they are about 11 KB gzip,
 * and in one module graph they are all live before the page's load event, so a click right after
 * the page appears is never lost. What a part needs only later (the phone menu, the booking dialog,
 * the form rules, the toaster) still loads on demand inside it.
 */
export const ISLANDS = {
  navbar: Navbar,
  consultationButton: ConsultationButton,
  consultationForm: ConsultationForm,
  contactForm: ContactForm,
  catalogueSearch: CatalogueSearch,
  purchase: PurchaseAction,
  lessonPreview: LessonPreview,
  videos: VideoSection,
  toaster: DeferredToaster,
  copyLink: CopyLink,
};

export type IslandName = keyof typeof ISLANDS;
export type IslandComponent<N extends IslandName> = (typeof ISLANDS)[N];
