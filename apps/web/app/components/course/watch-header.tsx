import type { InLocaleAttrs } from '@oasis/shared/i18n/content';
import { Link } from 'react-router';
import type { TokenKind } from '~/lib/api';
import { useI18n } from '~/lib/i18n';

/** The watch page's green band: the way back (My courses, the course page), the course title, and whose session this is. */
export function WatchHeader({
  title,
  titleAttrs,
  slug,
  auth,
}: {
  /** The course's title in the page's language when it has one, and its element's attributes (`inLocale`). */
  title: string;
  titleAttrs?: InLocaleAttrs;
  slug: string;
  auth: TokenKind;
}) {
  const { t, lp } = useI18n();
  return (
    <div className="on-dark bg-brand-green pt-[4.5rem] text-white">
      <div className="wrap py-6 sm:py-8">
        <nav aria-label={t.learning.breadcrumb} className="text-sm">
          <ol className="flex flex-wrap items-center gap-2 text-white/75">
            <li className="flex items-center gap-2">
              <Link to={lp('/enrolledCourse')} className="underline-offset-4 hover:text-brand-yellow hover:underline">
                {t.learning.myCourses}
              </Link>
              <span aria-hidden="true">/</span>
            </li>
            <li className="flex items-center gap-2">
              <Link to={lp(`/courses/${slug}`)} className="underline-offset-4 hover:text-brand-yellow hover:underline">
                {t.learning.courseDetails}
              </Link>
              <span aria-hidden="true">/</span>
            </li>
            <li aria-current="page" className="text-white">
              {t.learning.watch}
            </li>
          </ol>
        </nav>
        <h1 className="mt-3 font-display text-3xl font-semibold leading-tight sm:text-4xl" {...titleAttrs}>
          {title}
        </h1>
        {auth === 'adminToken' && <p className="mt-2 text-sm text-white/85">{t.learning.adminPreview}</p>}
      </div>
    </div>
  );
}
