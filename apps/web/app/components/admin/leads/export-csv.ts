import { downloadCsv } from '~/components/admin/download-csv';

/** Downloads the leads a filter finds as CSV. */
export async function downloadLeadsCsv(filters: URLSearchParams) {
  const query = filters.toString();
  await downloadCsv(`/leads/export.csv${query ? `?${query}` : ''}`, 'leads.csv');
}
