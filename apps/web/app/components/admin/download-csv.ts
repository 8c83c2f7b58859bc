import { ADMIN_SCREEN_MESSAGES } from '@oasis/shared/admin/screen-messages';
import { ApiRequestError, readToken } from '~/lib/api';
import { ADMIN_TOKEN_KEY } from '~/lib/auth';

/**
 * Downloads a CSV export of the API (`path` under /api). A plain link cannot carry the admin token,
 * so the file is fetched and handed to the browser as a download. The file is data: its column
 * headers are English in both languages (the server writes them).
 */
export async function downloadCsv(path: string, fallbackName: string) {
  const token = readToken(ADMIN_TOKEN_KEY);
  const response = await fetch(`/api${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (!response.ok) throw new ApiRequestError(response.status, ADMIN_SCREEN_MESSAGES.exportFailed);
  const blob = await response.blob();
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
