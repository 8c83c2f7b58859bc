import { NavLink } from 'react-router';
import { type I18n, useI18n } from '~/lib/i18n';

export interface AdminLink {
  to: string;
  label: string;
  /** Shown beside the label (the number of new leads). */
  badge?: number | null;
  badgeLabel?: string;
}

export interface AdminLinkGroup {
  label: string;
  /** What the group is for, shown with its links on the dashboard. */
  text?: string;
  links: AdminLink[];
}

const BASE = '/admin/dashboard';

/**
 * The admin screens (docs/product.md#admin-shell), including Leads, Orders and Site settings, in
 * the page's language (`i18n` from `useI18n()`). The sidebar, the phone menu and the dashboard's
 * quick links all read this one list: a new screen is one `link(...)` here.
 */
export function adminLinkGroups({
  newLeads,
  settings,
  i18n: { t, plural, lp },
}: {
  newLeads: number | null;
  settings: boolean;
  i18n: Pick<I18n, 't' | 'plural' | 'lp'>;
}): AdminLinkGroup[] {
  const s = t.adminShell;
  const link = (path: string, label: string): AdminLink => ({ to: lp(`${BASE}/${path}`), label });
  return [
    { label: s.groupCourses, text: s.coursesText, links: [link('add', s.addCourse), link('list', s.listCourses)] },
    { label: s.groupQuizzes, text: s.quizzesText, links: [link('quiz', s.addQuiz), link('listquiz', s.quizList)] },
    { label: s.groupBlog, text: s.blogText, links: [link('addblog', s.addBlog), link('listblog', s.listBlogs)] },
    {
      label: s.groupHome,
      text: s.homeText,
      links: [
        link('heroeditor', s.hero),
        link('introeditor', s.intro),
        link('youtubeadd', s.podcasts),
        link('mentor', t.adminMentor.title),
        link('testimonials', t.adminReviews.testimonialsTitle),
      ],
    },
    {
      label: s.groupBusiness,
      text: s.businessText,
      links: [
        {
          ...link('leads', s.leads),
          badge: newLeads,
          badgeLabel: newLeads === null ? undefined : plural(s.newLeads, newLeads),
        },
        link('reviews', t.adminReviews.reviewsTitle),
        link('orders', s.orders),
        link('coupons', s.coupons),
        link('attribution', t.attribution.heading),
        link('certificates', t.certificates.title),
        link('calendar', t.adminBooking.title),
        ...(settings ? [link('settings', s.settings)] : []),
      ],
    },
  ];
}

/** The admin navigation list, used by the sidebar and by the full-screen menu on phones. */
export function AdminNavList({
  groups,
  onNavigate,
  large = false,
}: {
  groups: AdminLinkGroup[];
  onNavigate?: () => void;
  large?: boolean;
}) {
  const { t, fmt, lp } = useI18n();
  // The sidebar's items are compact; where the screens outgrow the window's height the list
  // scrolls within the sidebar, the footer row staying in view.
  const item = large ? 'px-3 py-2.5 text-lg' : 'px-3 py-1.5 text-[0.95rem] leading-snug';
  return (
    <ul className={large ? 'space-y-5' : 'space-y-3'}>
      <li>
        <NavLink
          to={lp(BASE)}
          end
          onClick={onNavigate}
          className={({ isActive }) =>
            `flex items-center rounded-lg font-semibold ${item} ${isActive ? 'bg-white/15 text-white' : 'text-white/85 hover:bg-white/10 hover:text-white'}`
          }
        >
          {t.adminShell.dashboard}
        </NavLink>
      </li>
      {groups.map((group) => (
        <li key={group.label}>
          <p className="px-3 text-xs font-bold tracking-[0.18em] text-brand-yellow uppercase" aria-hidden="true">
            {group.label}
          </p>
          <ul className={large ? 'mt-1.5 space-y-0.5' : 'mt-1 space-y-px'} aria-label={group.label}>
            {group.links.map((link) => (
              <li key={link.to}>
                <NavLink
                  to={link.to}
                  onClick={onNavigate}
                  aria-label={
                    link.badge
                      ? fmt(t.adminShell.linkWithBadge, { link: link.label, badge: link.badgeLabel ?? '' })
                      : undefined
                  }
                  className={({ isActive }) =>
                    `flex items-center justify-between gap-3 rounded-lg font-medium ${item} ${
                      isActive
                        ? 'bg-white font-semibold text-brand-green'
                        : 'text-white/85 hover:bg-white/10 hover:text-white'
                    }`
                  }
                >
                  {({ isActive }) => (
                    <>
                      <span>{link.label}</span>
                      {link.badge ? (
                        <span
                          aria-hidden="true"
                          className={`min-w-6 rounded-full px-2 py-0.5 text-center text-xs font-bold ${isActive ? 'bg-brand-green text-white' : 'bg-brand-yellow text-brand-green-dark'}`}
                        >
                          {link.badge}
                        </span>
                      ) : null}
                    </>
                  )}
                </NavLink>
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  );
}
