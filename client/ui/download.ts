import { readToken } from '../session';
import { refreshSession } from '../trpc';

// Files (spreadsheets, backups) come over plain HTTP from /api: tRPC carries JSON only.
// The same session rules apply: a refused token is refreshed once and the download retried.

async function fetchWithSession(url: string): Promise<Response> {
  const send = (token: string | null) =>
    fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  const token = readToken();
  const first = await send(token);
  if (first.status !== 401) return first;
  return (await refreshSession(token)) === 'refreshed' ? send(readToken()) : first;
}

/** Downloads `url` as a file named by the server's Content-Disposition (or `fallbackName`). */
export async function downloadFile(url: string, fallbackName: string): Promise<void> {
  const response = await fetchWithSession(url);
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { message?: string };
    throw new Error(body.message ?? `Download failed (${response.status}).`);
  }
  const named = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1];
  const link = document.createElement('a');
  link.href = URL.createObjectURL(await response.blob());
  link.download = named ?? fallbackName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}
