import { Link } from '~/components/page-link';
import { Icon } from '~/components/ui/icons';
import type { Mentor } from '@oasis/shared/api';
import { MENTOR_PLACEHOLDER } from '@oasis/shared/limits';
import { coverSizes, Picture } from '~/components/ui/picture';
import { useI18n } from '~/lib/i18n';
import { mentorView } from './mentor-view';

/**
 * The course page's instructor block: the mentor's portrait (cropped at its focal point; a neutral
 * silhouette until the owner uploads one), name,
 * job title and short bio (in the page's language, else the English), and a link to the About
 * page. Server-rendered, no script. Give it `await context.site.mentor()` from the loader, and show
 * nothing when that is null (no profile yet). `labels`: the loader's
 * `messagesFor(locale).about.instructorHeading` and `.instructorMore` (or the page's own words).
 */
export function InstructorBlock({
  mentor: profile,
  labels,
  headingId = 'instructor-heading',
}: {
  mentor: Mentor;
  labels: { heading: string; more: string };
  headingId?: string;
}) {
  const { lp, locale } = useI18n();
  const mentor = mentorView(profile, locale);
  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-card">
      <h2 id={headingId} className="eyebrow text-brand-gold">
        {labels.heading}
      </h2>
      <div className="mt-4 flex flex-col gap-5 sm:flex-row sm:items-start">
        {/* The picture box must not shrink beside a long bio: the photo would turn into a pill. */}
        <Picture
          image={mentor.portrait}
          src={MENTOR_PLACEHOLDER}
          alt=""
          sizes={coverSizes(mentor.portrait, [
            { minWidth: 640, px: 112, aspect: 1 },
            { px: 96, aspect: 1 },
          ])}
          width={112}
          height={112}
          focus={mentor.portrait ? mentor.portraitFocus : undefined}
          pictureClassName="shrink-0"
          className="h-24 w-24 shrink-0 rounded-full object-cover sm:h-28 sm:w-28"
        />
        <div className="min-w-0">
          <p className="font-display text-2xl font-semibold text-brand-green" {...mentor.name.attrs}>
            {mentor.name.text}
          </p>
          {mentor.jobTitle.text && (
            <p className="mt-1 font-medium text-slate-700" {...mentor.jobTitle.attrs}>
              {mentor.jobTitle.text}
            </p>
          )}
          {mentor.bio.text && (
            <p className="mt-3 leading-relaxed text-slate-700" {...mentor.bio.attrs}>
              {mentor.bio.text}
            </p>
          )}
          <Link
            to={lp('/about')}
            className="mt-4 inline-flex items-center gap-2 rounded-md font-semibold text-brand-green underline underline-offset-4 hover:text-brand-green-light"
          >
            {labels.more}
            <Icon name="arrow-right" />
          </Link>
        </div>
      </div>
    </section>
  );
}
