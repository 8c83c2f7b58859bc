import type { CourseSort } from '@oasis/shared/limits';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { buttonClass } from '~/components/ui/button';
import { Icon } from '~/components/ui/icons';
import { useI18n } from '~/lib/i18n';
import { catalogHref, DEFAULT_SORT, MAX_QUERY } from './catalog';

interface CatalogueSearchProps {
  q: string;
  sort: CourseSort;
  /** The sort choices (from the loader, so the page's code need not carry the LIMITS table); their names are `catalogueSearch`'s. */
  sorts: CourseSort[];
}

/**
 * The catalogue's search and sort (docs/product.md#catalogue). With JavaScript the form goes to a
 * tidy address (defaults left out), always on page 1, keeping the scroll position; without it,
 * the browser submits the same GET form.
 */
export function CatalogueSearch({ q, sort, sorts }: CatalogueSearchProps) {
  const navigate = useNavigate();
  const { t, lp } = useI18n();
  const form = useRef<HTMLFormElement>(null);
  // Back to a page the browser kept (or whose fields it restored) shows what the visitor changed
  // before leaving it: the fields go back to what this address means.
  useEffect(() => {
    const reset = () => form.current?.reset();
    reset();
    window.addEventListener('pageshow', reset);
    return () => window.removeEventListener('pageshow', reset);
  }, []);
  const apply = (form: HTMLFormElement | null) => {
    if (!form) return;
    const data = new FormData(form);
    const nextSort = sorts.find((value) => value === data.get('sort')) ?? DEFAULT_SORT;
    navigate(lp(catalogHref({ q: String(data.get('q') ?? '').trim(), sort: nextSort, page: 1 })), {
      preventScrollReset: true,
    });
  };

  return (
    <form
      ref={form}
      method="get"
      action={lp('/courses')}
      onSubmit={(event) => {
        event.preventDefault();
        apply(event.currentTarget);
      }}
      className="grid gap-3 sm:grid-cols-[1fr_auto_auto]"
    >
      <div className="relative">
        <label htmlFor="course-search" className="sr-only">
          {t.catalogueSearch.searchCourses}
        </label>
        <Icon
          name="search"
          className="pointer-events-none absolute top-1/2 start-3.5 h-5 w-5 -translate-y-1/2 text-slate-500"
        />
        <input
          id="course-search"
          type="search"
          name="q"
          defaultValue={q}
          key={q}
          maxLength={MAX_QUERY}
          placeholder={t.catalogueSearch.searchCourses}
          autoComplete="off"
          className="h-12 w-full rounded-xl border border-slate-300 bg-white pe-3 ps-11 text-slate-900 placeholder:text-slate-500 focus:border-brand-green"
        />
      </div>
      <div>
        <label htmlFor="course-sort" className="sr-only">
          {t.catalogueSearch.sortBy}
        </label>
        <select
          id="course-sort"
          name="sort"
          defaultValue={sort}
          key={sort}
          onChange={(event) => apply(event.currentTarget.form)}
          className="h-12 w-full rounded-xl border border-slate-300 bg-white px-3 text-slate-900 focus:border-brand-green"
        >
          {sorts.map((value) => (
            <option key={value} value={value}>
              {t.catalogueSearch[value]}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className={buttonClass('secondary', 'md', 'h-12 rounded-xl')}>
        {t.catalogueSearch.search}
      </button>
    </form>
  );
}
