import { Link, useOutletContext } from 'react-router';
import { privateMeta } from '~/components/auth/meta';
import type { Route } from './+types/home';
import type { AdminOutletContext } from './dashboard';

export const meta: Route.MetaFunction = ({ matches }) => privateMeta(matches, 'Admin Panel');

const SECTIONS = [
  {
    title: 'Courses',
    text: 'Create courses, edit their details and prices, and build their modules and lessons.',
    links: [
      { to: 'add', label: 'Add Course' },
      { to: 'list', label: 'List Courses' },
    ],
  },
  {
    title: 'Quizzes',
    text: 'Write the multiple-choice quiz learners take after the last lesson.',
    links: [
      { to: 'quiz', label: 'Add Quiz' },
      { to: 'listquiz', label: 'Quiz List' },
    ],
  },
  {
    title: 'Blog',
    text: 'Publish articles for the Dubai Real Estate page.',
    links: [
      { to: 'addblog', label: 'Add Blog' },
      { to: 'listblog', label: 'List Blogs' },
    ],
  },
  {
    title: 'Home page',
    text: 'The hero banner, the introduction block and the podcast videos.',
    links: [
      { to: 'heroeditor', label: 'Hero' },
      { to: 'introeditor', label: 'Intro' },
      { to: 'youtubeadd', label: 'Podcast Videos' },
    ],
  },
  {
    title: 'Business',
    text: 'Contact messages, consultation requests and course orders.',
    links: [
      { to: 'leads', label: 'Leads' },
      { to: 'orders', label: 'Orders' },
    ],
  },
] as const;

/** /admin/dashboard: the shell's heading and a map of the admin screens. */
export default function AdminHome() {
  const { newLeads: count } = useOutletContext<AdminOutletContext>();
  return (
    <div>
      <h2 className="font-display text-2xl font-semibold text-brand-green sm:text-3xl">Dashboard</h2>
      <p className="mt-1 text-slate-600">Manage the site's courses, content and enquiries.</p>
      {count ? (
        <p className="mt-5 rounded-xl border border-brand-yellow/70 bg-brand-sand px-4 py-3 text-slate-800">
          You have <strong>{count === 1 ? '1 new lead' : `${count} new leads`}</strong>.{' '}
          <Link to="leads?status=new" className="font-semibold text-brand-green underline underline-offset-2">
            Read them
          </Link>
        </p>
      ) : null}
      <ul className="mt-6 grid gap-5 sm:grid-cols-2 xl:grid-cols-3">
        {SECTIONS.map((section) => (
          <li key={section.title} className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
            <h3 className="font-display text-xl font-semibold text-brand-green">{section.title}</h3>
            <p className="mt-2 flex-1 text-slate-600">{section.text}</p>
            <ul className="mt-4 flex flex-wrap gap-2">
              {section.links.map((link) => (
                <li key={link.to}>
                  <Link
                    to={link.to}
                    className="inline-block rounded-full bg-brand-mist px-4 py-1.5 text-sm font-semibold text-brand-green hover:bg-brand-green hover:text-white"
                  >
                    {link.label}
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
