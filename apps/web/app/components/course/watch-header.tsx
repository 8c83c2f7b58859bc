import { Link } from 'react-router';
import type { TokenKind } from '~/lib/api';

/** The watch page's green band: the way back (My courses, the course page), the course title, and whose session this is. */
export function WatchHeader({ title, slug, auth }: { title: string; slug: string; auth: TokenKind }) {
  return (
    <div className="on-dark bg-brand-green pt-[4.5rem] text-white">
      <div className="wrap py-6 sm:py-8">
        <nav aria-label="Breadcrumb" className="text-sm">
          <ol className="flex flex-wrap items-center gap-2 text-white/75">
            <li className="flex items-center gap-2">
              <Link to="/enrolledCourse" className="underline-offset-4 hover:text-brand-yellow hover:underline">
                My courses
              </Link>
              <span aria-hidden="true">/</span>
            </li>
            <li className="flex items-center gap-2">
              <Link to={`/courses/${slug}`} className="underline-offset-4 hover:text-brand-yellow hover:underline">
                Course details
              </Link>
              <span aria-hidden="true">/</span>
            </li>
            <li aria-current="page" className="text-white">
              Watch
            </li>
          </ol>
        </nav>
        <h1 className="mt-3 font-display text-3xl font-semibold leading-tight sm:text-4xl">{title}</h1>
        {auth === 'adminToken' && (
          <p className="mt-2 text-sm text-white/85">
            Admin preview: your progress and quiz attempts are recorded on your admin account.
          </p>
        )}
      </div>
    </div>
  );
}
