import { LEAD_KINDS, LEAD_STATUSES } from '@oasis/shared/lead-rules';
import { pickParam } from '../list-params';

/**
 * What the inbox's address asks for: filters (kind, stage, due today, q), the page's cursor and the
 * open lead.
 */
export function readLeadQuery(params: URLSearchParams) {
  return {
    kind: pickParam(params.get('kind'), LEAD_KINDS),
    status: pickParam(params.get('status'), LEAD_STATUSES),
    due: pickParam(params.get('due'), ['today'] as const),
    q: params.get('q') ?? '',
    cursor: params.get('cursor') ?? '',
    id: params.get('id'),
  };
}

export type LeadQuery = ReturnType<typeof readLeadQuery>;

/** The filter part of the query (kind, status, due, q): shared by the list and the CSV export. */
export function filterQuery({ kind, status, due, q }: Pick<LeadQuery, 'kind' | 'status' | 'due' | 'q'>) {
  const query = new URLSearchParams();
  if (kind) query.set('kind', kind);
  if (status) query.set('status', status);
  if (due) query.set('due', due);
  if (q) query.set('q', q);
  return query;
}
