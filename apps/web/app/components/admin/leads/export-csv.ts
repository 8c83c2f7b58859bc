import { ADMIN_SCREEN_MESSAGES } from '@oasis/shared/admin/screen-messages';
import { ApiRequestError, readToken } from '~/lib/api';
import { ADMIN_TOKEN_KEY } from '~/lib/auth';

/**
 * Downloads the leads a filter finds as CSV. A plain link cannot carry the admin token, so the file
 * is fetched and handed to the browser as a download. The file is data: its column headers are
 * English in both languages (the server writes them).
 */
export async function downloadLeadsCsv(filters: URLSearchParams) {
  const token = readToken(ADMIN_TOKEN_KEY);
  const query = filters.toString();
  const response = await fetch(`/api/leads/export.csv${query ? `?${query}` : ''}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) throw new ApiRequestError(response.status, ADMIN_SCREEN_MESSAGES.exportFailed);
  const blob = await response.blob();
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'leads.csv';
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
