import { LEAD_KINDS, LEAD_STATUSES } from '@oasis/shared/lead-rules';
import { pickParam } from '../list-params';

/** What the inbox's address asks for: filters (kind, status, q), the page's cursor and the open lead. */
export function readLeadQuery(params: URLSearchParams) {
  return {
    kind: pickParam(params.get('kind'), LEAD_KINDS),
    status: pickParam(params.get('status'), LEAD_STATUSES),
    q: params.get('q') ?? '',
    cursor: params.get('cursor') ?? '',
    id: params.get('id'),
  };
}

export type LeadQuery = ReturnType<typeof readLeadQuery>;

/** The filter part of the query (kind, status, q): shared by the list and the CSV export. */
export function filterQuery({ kind, status, q }: Pick<LeadQuery, 'kind' | 'status' | 'q'>) {
  const query = new URLSearchParams();
  if (kind) query.set('kind', kind);
  if (status) query.set('status', status);
  if (q) query.set('q', q);
  return query;
}
