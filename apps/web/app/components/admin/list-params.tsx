import { useLocation, useNavigation, useSearchParams } from 'react-router';
import { ADMIN_LIMITS } from '@oasis/shared/admin/common';
import { type CursorPage, pageRange } from '@oasis/shared/admin/cursor-paging';
import { type I18n, useI18n } from '~/lib/i18n';
import { EmptyState, WhenReady } from './page';
import type { Loaded } from './request';

/** A query parameter that must be one of `options`: anything else reads as '' (no filter). */
export function pickParam<T extends string>(value: string | null, options: readonly T[]): T | '' {
  return value && (options as readonly string[]).includes(value) ? (value as T) : '';
}

/** The `page` parameter: a whole number from 1, 1 when missing or unreadable. */
export function pageParam(params: URLSearchParams): number {
  return Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
}

/**
 * The query of a list screen (filters, page, the open item), kept in the URL so a view can be
 * bookmarked and Back works. `params` is what the loader's data was read with; `chosen` is the
 * query being loaded while a change is on its way, so the filter controls show the new choice at
 * once. `update` changes some parameters; a change other than the page goes back to page 1.
 */
export function useListParams() {
  const [params, setParams] = useSearchParams();
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const next = navigation.location?.pathname === pathname ? navigation.location.search : null;
  const chosen = next === null ? params : new URLSearchParams(next);

  function update(changes: Record<string, string | null>, { keepPage = false } = {}) {
    const query = new URLSearchParams(chosen);
    for (const [key, value] of Object.entries(changes)) {
      if (value) query.set(key, value);
      else query.delete(key);
    }
    if (!keepPage) {
      query.delete('page');
      query.delete('cursor');
    }
    setParams(query, { preventScrollReset: true });
  }

  return { params, chosen, update };
}

/** Previous / 'Page 2 of 5' / Next under a list. Nothing when everything fits on one page. */
export function Pager({
  label,
  page,
  pages,
  onPage,
}: {
  label: string;
  page: number;
  pages: number;
  onPage(page: number): void;
}) {
  const { t, fmt } = useI18n();
  if (pages <= 1) return null;
  return (
    <nav aria-label={label} className="mt-6 flex items-center justify-between gap-4">
      <button type="button" className="btn btn-sm btn-outline" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t.adminShell.previous}
      </button>
      <span className="text-sm text-slate-700">{fmt(t.adminShell.pageOf, { page, pages })}</span>
      <button
        type="button"
        className="btn btn-sm btn-outline"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        {t.adminShell.next}
      </button>
    </nav>
  );
}

/**
 * Previous / Next under a list paged by cursor (orders, leads: see @oasis/shared/admin/cursor-paging).
 * `onCursor(null)` is the first page: Previous from the second page drops the cursor from the
 * address. Nothing when everything fits on one page.
 */
export function CursorPager({
  label,
  page,
  onCursor,
}: {
  label: string;
  page: { prev: string | null; next: string | null; offset: number; pageSize: number };
  onCursor(cursor: string | null): void;
}) {
  const { t } = useI18n();
  if (!page.prev && !page.next) return null;
  return (
    <nav aria-label={label} className="mt-6 flex items-center justify-between gap-4">
      <button
        type="button"
        className="btn btn-sm btn-outline"
        disabled={!page.prev}
        onClick={() => onCursor(page.offset <= page.pageSize ? null : page.prev)}
      >
        {t.adminShell.previous}
      </button>
      <button
        type="button"
        className="btn btn-sm btn-outline"
        disabled={!page.next}
        onClick={() => onCursor(page.next)}
      >
        {t.adminShell.next}
      </button>
    </nav>
  );
}

/** A search box for a list; keyed by the search in the address, so Back shows that search. */
export function ListSearch({ label, value, onSearch }: { label: string; value: string; onSearch(q: string): void }) {
  const { t } = useI18n();
  return (
    <search aria-label={label} className="mb-5 block">
      <form
        className="flex max-w-xl gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          const q = new FormData(event.currentTarget).get('q');
          onSearch(typeof q === 'string' ? q.trim() : '');
        }}
      >
        <input
          key={value}
          name="q"
          type="search"
          aria-label={label}
          defaultValue={value}
          maxLength={ADMIN_LIMITS.searchMax}
          className="block w-full min-w-0 rounded-lg border border-slate-300 px-3 py-2 text-slate-900"
        />
        <button type="submit" className="btn btn-sm btn-outline">
          {t.adminShell.search}
        </button>
      </form>
    </search>
  );
}

/** The page and search of an admin list's address, as the list's API takes them (?page=2&q=marina). */
export function listQuery(request: Request) {
  const params = new URL(request.url).searchParams;
  const query = new URLSearchParams();
  const page = pageParam(params);
  const q = params.get('q')?.trim();
  if (page > 1) query.set('page', String(page));
  if (q) query.set('q', q);
  return query.size ? `?${query}` : '';
}

/**
 * A paged, searchable admin list: the search box, then the loader's page (or why it could not be
 * read), an empty state (one for a search that finds nothing) and the pager. `children` draws the
 * page's items.
 */
export function PagedList<P extends { page: number; pageSize: number; total: number }, T>({
  result,
  items,
  searchLabel,
  loadingLabel,
  empty,
  noMatch,
  children,
}: {
  result: Loaded<P>;
  items(page: P): T[];
  searchLabel: string;
  loadingLabel: string;
  empty: React.ReactNode;
  noMatch: string;
  children(items: T[]): React.ReactNode;
}) {
  const { t } = useI18n();
  const { params, chosen, update } = useListParams();
  return (
    <>
      <ListSearch label={searchLabel} value={chosen.get('q') ?? ''} onSearch={(q) => update({ q: q || null })} />
      <WhenReady result={result} loadingLabel={loadingLabel}>
        {(data) => {
          const shown = items(data);
          if (shown.length === 0) return params.get('q') ? <EmptyState title={noMatch} /> : empty;
          return (
            <>
              {children(shown)}
              <Pager
                label={t.adminShell.pages}
                page={data.page}
                pages={Math.ceil(data.total / data.pageSize)}
                onPage={(p) => update({ page: p > 1 ? String(p) : null }, { keepPage: true })}
              />
            </>
          );
        }}
      </WhenReady>
    </>
  );
}

/**
 * 'Showing 21–40 of 1,234' (or 'of more than 10,000') above a list paged by cursor, for a page of
 * `shown` rows, in the page's language.
 */
export function showingRange({ t, fmt, number }: Pick<I18n, 't' | 'fmt' | 'number'>, page: CursorPage, shown: number) {
  const { from, to, total, capped } = pageRange(page, shown);
  const values = { from: number(from), to: number(to), total: number(total) };
  return fmt(capped ? t.adminShell.showingRangeCapped : t.adminShell.showingRange, values);
}
