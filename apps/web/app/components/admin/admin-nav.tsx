import { NavLink } from 'react-router';

export interface AdminLink {
  to: string;
  label: string;
  /** Shown beside the label (the number of new leads). */
  badge?: number | null;
  badgeLabel?: string;
}

export interface AdminLinkGroup {
  label: string;
  links: AdminLink[];
}

const BASE = '/admin/dashboard';

/** The admin screens (docs/product.md#admin-shell), including Leads, Orders and Site settings. */
export function adminLinkGroups({
  newLeads,
  settings,
}: {
  newLeads: number | null;
  settings: boolean;
}): AdminLinkGroup[] {
  return [
    {
      label: 'Courses',
      links: [
        { to: `${BASE}/add`, label: 'Add Course' },
        { to: `${BASE}/list`, label: 'List Courses' },
      ],
    },
    {
      label: 'Quizzes',
      links: [
        { to: `${BASE}/quiz`, label: 'Add Quiz' },
        { to: `${BASE}/listquiz`, label: 'Quiz List' },
      ],
    },
    {
      label: 'Blog',
      links: [
        { to: `${BASE}/addblog`, label: 'Add Blog' },
        { to: `${BASE}/listblog`, label: 'List Blogs' },
      ],
    },
    {
      label: 'Home page',
      links: [
        { to: `${BASE}/heroeditor`, label: 'Hero' },
        { to: `${BASE}/introeditor`, label: 'Intro' },
        { to: `${BASE}/youtubeadd`, label: 'Podcast Videos' },
      ],
    },
    {
      label: 'Business',
      links: [
        {
          to: `${BASE}/leads`,
          label: 'Leads',
          badge: newLeads,
          badgeLabel: newLeads === 1 ? '1 new lead' : `${newLeads} new leads`,
        },
        { to: `${BASE}/orders`, label: 'Orders' },
        ...(settings ? [{ to: `${BASE}/settings`, label: 'Site settings' }] : []),
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
  const item = large ? 'px-3 py-2.5 text-lg' : 'px-3 py-2 text-[0.95rem]';
  return (
    <ul className="space-y-5">
      <li>
        <NavLink
          to={BASE}
          end
          onClick={onNavigate}
          className={({ isActive }) =>
            `flex items-center rounded-lg font-semibold ${item} ${isActive ? 'bg-white/15 text-white' : 'text-white/85 hover:bg-white/10 hover:text-white'}`
          }
        >
          Dashboard
        </NavLink>
      </li>
      {groups.map((group) => (
        <li key={group.label}>
          <p className="px-3 text-xs font-bold tracking-[0.18em] text-brand-yellow uppercase" aria-hidden="true">
            {group.label}
          </p>
          <ul className="mt-1.5 space-y-0.5" aria-label={group.label}>
            {group.links.map((link) => (
              <li key={link.to}>
                <NavLink
                  to={link.to}
                  onClick={onNavigate}
                  aria-label={link.badge ? `${link.label}, ${link.badgeLabel}` : undefined}
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
