import { LEAD_KINDS, LEAD_STATUSES } from '@oasis/shared/lead-rules';
import { useI18n } from '~/lib/i18n';
import { SelectInput } from '../fields';
import { KIND_TEXT, STATUS_LABEL } from './labels';
import type { LeadQuery } from './query';

/** The two filters: their `adminLeads` texts and their options (value → text). */
const FILTERS = [
  { key: 'kind', label: 'kind', any: 'allKinds', options: LEAD_KINDS.map((k) => [k, KIND_TEXT[k].filter] as const) },
  {
    key: 'status',
    label: 'status',
    any: 'anyStatus',
    options: LEAD_STATUSES.map((s) => [s, STATUS_LABEL[s]] as const),
  },
] as const;

/** Kind, stage, 'Due today' and a search box. Each change asks for page 1 with no lead open. */
export function LeadFilters({
  chosen,
  onChange,
}: {
  chosen: LeadQuery;
  onChange(changes: Record<string, string | null>): void;
}) {
  const { t } = useI18n();
  const text = t.adminLeads;
  return (
    <search aria-label={text.filter} className="mt-6 block">
      <form
        className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-[auto_auto_auto_1fr]"
        onSubmit={(event) => {
          event.preventDefault();
          const q = new FormData(event.currentTarget).get('q');
          onChange({ q: typeof q === 'string' ? q.trim() || null : null, id: null });
        }}
      >
        {FILTERS.map((filter) => (
          <SelectInput
            key={filter.key}
            label={text[filter.label]}
            value={chosen[filter.key]}
            onChange={(e) => onChange({ [filter.key]: e.target.value || null, id: null })}
          >
            <option value="">{text[filter.any]}</option>
            {filter.options.map(([value, label]) => (
              <option key={value} value={value}>
                {text[label]}
              </option>
            ))}
          </SelectInput>
        ))}
        {/* Beside the selects' boxes, at their height: a follow-up day of today or before, still open. */}
        <label className="flex items-center gap-2 self-end rounded-lg border border-slate-300 px-3 py-2 text-sm font-semibold text-slate-700 sm:mb-0">
          <input
            type="checkbox"
            checked={chosen.due === 'today'}
            onChange={(e) => onChange({ due: e.target.checked ? 'today' : null, id: null })}
            className="h-4 w-4 accent-brand-green"
          />
          {text.dueToday}
        </label>
        <div className="text-sm font-semibold text-slate-700">
          <label htmlFor="leads-search">{t.adminShell.search}</label>
          <div className="mt-1 flex gap-2">
            {/* Keyed by the search in the address: Back, or clearing the filters, shows that search. */}
            <input
              key={chosen.q}
              id="leads-search"
              name="q"
              type="search"
              defaultValue={chosen.q}
              placeholder={text.searchPlaceholder}
              maxLength={200}
              className="block w-full min-w-0 rounded-lg border border-slate-300 px-3 py-2 font-normal text-slate-900"
            />
            <button
              type="submit"
              className="rounded-lg bg-brand-green px-4 py-2 font-semibold text-white hover:bg-brand-green-light"
            >
              {t.adminShell.search}
            </button>
          </div>
        </div>
      </form>
    </search>
  );
}
