import { readToken } from '../session';
import { refreshSession } from '../trpc';

// Files (spreadsheets, backups) go over plain HTTP to and from /api: tRPC carries JSON only.
// The same session rules apply: a refused token is refreshed once and the download retried.

async function fetchWithSession(url: string, init: RequestInit = {}): Promise<Response> {
  const send = (token: string | null) =>
    fetch(url, {
      ...init,
      headers: { ...init.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });
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

/**
 * Sends `file` as the request body and reads the JSON answer; a refusal (4xx with a
 * body) is answered too, with `ok: false`. Fails only when the server cannot be reached
 * or answers without JSON.
 */
export async function sendFile<Answer>(
  url: string,
  file: Blob,
): Promise<{ ok: boolean; status: number; body: Answer & { message?: string } }> {
  const response = await fetchWithSession(url, {
    method: 'POST',
    headers: { 'content-type': 'application/octet-stream' },
    body: file,
  });
  const body = (await response.json()) as Answer & { message?: string };
  return { ok: response.ok, status: response.status, body };
}
