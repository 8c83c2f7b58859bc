import type { PodcastVideo } from '@oasis/shared/api';
import { ContactForm } from '~/components/leads/contact-form';
import { telHref } from '~/components/ui/core';
import { PageHeader } from '~/components/layout/page-header';
import { useRootData } from '~/components/layout/root-data';
import { Icon } from '~/components/ui/icons';
import { buildHead, headContext } from '~/lib/seo';
import type { Route } from './+types/contact';
import { videoSection } from './sections/video-items';
import { VideoSection } from './sections/video-section';

export async function loader({ request, context }: Route.LoaderArgs) {
  const queryType: 'consultation' | 'course' =
    new URL(request.url).searchParams.get('query_type') === 'course' ? 'course' : 'consultation';
  const [root, podcasts] = await Promise.all([
    headContext(context),
    context.site.podcasts().catch((error: unknown) => {
      console.error('contact: failed to load videos', error);
      return [] as PodcastVideo[];
    }),
  ]);
  return {
    queryType,
    videos: videoSection(podcasts),
    head: buildHead(root, {
      title: 'Contact Me',
      description:
        'Questions about Dubai property, off-plan investing or a course? Send a message or book a free consultation and get a personal reply.',
      path: '/contact',
    }),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.head ?? [];

export default function Contact({ loaderData }: Route.ComponentProps) {
  const { queryType, videos } = loaderData;
  const settings = useRootData()?.settings;
  const itemClass = 'flex items-start gap-4 rounded-lg text-white/90 hover:text-brand-yellow';
  return (
    <main id="main" tabIndex={-1}>
      <PageHeader
        eyebrow="Get in touch"
        title="Contact Me"
        lead="Ask about buying in Dubai, financing, the Golden Visa or one of my courses. Every message gets a personal reply."
      />
      <section aria-label="Contact form and details" className="bg-brand-sand/60 py-16 sm:py-20">
        <div className="wrap grid gap-8 lg:grid-cols-[1.5fr_1fr]">
          <div className="rounded-2xl bg-white p-6 shadow-card sm:p-10">
            <h2 className="font-display text-2xl font-semibold text-brand-green sm:text-3xl">Send me a message</h2>
            <p className="mt-2 text-slate-600">All fields are required.</p>
            <div className="mt-8">
              <ContactForm key={queryType} defaultQueryType={queryType} />
            </div>
          </div>
          {settings && (
            <div className="on-dark self-start rounded-2xl bg-brand-green p-6 text-white shadow-card sm:p-10">
              <h2 className="font-display text-2xl font-semibold sm:text-3xl">Other ways to reach me</h2>
              <ul className="mt-8 space-y-6">
                <li>
                  <a href={`mailto:${settings.email}`} className={itemClass}>
                    <Icon name="mail" className="mt-0.5 h-6 w-6 shrink-0 text-brand-yellow" />
                    <span>
                      <span className="block text-sm text-white/75">E-mail</span>
                      <span className="font-semibold break-all">{settings.email}</span>
                    </span>
                  </a>
                </li>
                <li>
                  <a href={telHref(settings.phone)} className={itemClass}>
                    <Icon name="phone" className="mt-0.5 h-6 w-6 shrink-0 text-brand-yellow" />
                    <span>
                      <span className="block text-sm text-white/75">Phone</span>
                      <span className="font-semibold">{settings.phone}</span>
                    </span>
                  </a>
                </li>
                {settings.chatUrl && (
                  <li>
                    <a href={settings.chatUrl} target="_blank" rel="noopener noreferrer" className={itemClass}>
                      <Icon name="chat" className="mt-0.5 h-6 w-6 shrink-0 text-brand-yellow" />
                      <span>
                        <span className="block text-sm text-white/75">Chat</span>
                        <span className="font-semibold">
                          Message me<span className="sr-only"> (opens in a new tab)</span>
                        </span>
                      </span>
                    </a>
                  </li>
                )}
                <li className="flex items-start gap-4 text-white/90">
                  <Icon name="map-pin" className="mt-0.5 h-6 w-6 shrink-0 text-brand-yellow" />
                  <span>
                    <span className="block text-sm text-white/75">Office</span>
                    <address className="font-semibold not-italic">{settings.address}</address>
                  </span>
                </li>
                <li className="flex items-start gap-4 text-white/90">
                  <Icon name="clock" className="mt-0.5 h-6 w-6 shrink-0 text-brand-yellow" />
                  <span>
                    <span className="block text-sm text-white/75">Replies</span>
                    <span className="font-semibold">Within 24 business hours</span>
                  </span>
                </li>
              </ul>
            </div>
          )}
        </div>
      </section>
      <VideoSection section={videos} className="bg-white" />
    </main>
  );
}
