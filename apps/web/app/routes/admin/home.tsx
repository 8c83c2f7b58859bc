import { Link, useOutletContext } from 'react-router';
import type { ClientMessages } from '@oasis/shared/i18n/catalogue';
import { privateMeta } from '~/components/auth/meta';
import { fmtNodes, metaTexts } from '~/components/admin/i18n';
import { useI18n } from '~/lib/i18n';
import type { Route } from './+types/home';
import type { AdminOutletContext } from './dashboard';

export const meta: Route.MetaFunction = ({ matches }) => privateMeta(matches, metaTexts(matches).adminShell.panel);

/** A text of the shell's catalogue (the plural one aside). */
type ShellText = Exclude<keyof ClientMessages['adminShell'], 'newLeads'>;

/** The dashboard's sections: their `adminShell` texts and links (relative to /admin/dashboard). */
const SECTIONS: readonly { title: ShellText; text: ShellText; links: readonly { to: string; label: ShellText }[] }[] = [
  {
    title: 'groupCourses',
    text: 'coursesText',
    links: [
      { to: 'add', label: 'addCourse' },
      { to: 'list', label: 'listCourses' },
    ],
  },
  {
    title: 'groupQuizzes',
    text: 'quizzesText',
    links: [
      { to: 'quiz', label: 'addQuiz' },
      { to: 'listquiz', label: 'quizList' },
    ],
  },
  {
    title: 'groupBlog',
    text: 'blogText',
    links: [
      { to: 'addblog', label: 'addBlog' },
      { to: 'listblog', label: 'listBlogs' },
    ],
  },
  {
    title: 'groupHome',
    text: 'homeText',
    links: [
      { to: 'heroeditor', label: 'hero' },
      { to: 'introeditor', label: 'intro' },
      { to: 'youtubeadd', label: 'podcasts' },
    ],
  },
  {
    title: 'groupBusiness',
    text: 'businessText',
    links: [
      { to: 'leads', label: 'leads' },
      { to: 'orders', label: 'orders' },
    ],
  },
];

/** /admin/dashboard: the shell's heading and a map of the admin screens. */
export default function AdminHome() {
  const { newLeads: count } = useOutletContext<AdminOutletContext>();
  const { t, plural } = useI18n();
  const s = t.adminShell;
  return (
    <div>
      <h2 className="font-display text-2xl font-semibold text-brand-green sm:text-3xl">{s.dashboard}</h2>
      <p className="mt-1 text-slate-600">{s.dashboardLead}</p>
      {count ? (
        <p className="mt-5 rounded-xl border border-brand-yellow/70 bg-brand-sand px-4 py-3 text-slate-800">
          {fmtNodes(s.youHave, { leads: <strong>{plural(s.newLeads, count)}</strong> })}{' '}
          <Link to="leads?status=new" className="font-semibold text-brand-green underline underline-offset-2">
            {s.readThem}
          </Link>
        </p>
      ) : null}
      <ul className="mt-6 grid gap-5 sm:grid-cols-2 xl:grid-cols-3">
        {SECTIONS.map((section) => (
          <li key={section.title} className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
            <h3 className="font-display text-xl font-semibold text-brand-green">{s[section.title]}</h3>
            <p className="mt-2 flex-1 text-slate-600">{s[section.text]}</p>
            <ul className="mt-4 flex flex-wrap gap-2">
              {section.links.map((link) => (
                <li key={link.to}>
                  <Link
                    to={link.to}
                    className="inline-block rounded-full bg-brand-mist px-4 py-1.5 text-sm font-semibold text-brand-green hover:bg-brand-green hover:text-white"
                  >
                    {s[link.label]}
                  </Link>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </div>
  );
}
