import type { TestShop } from './app';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** One REST call; a body is sent as JSON (or as the raw text given: malformed JSON, a bare string) only when present. */
export function rest(on: TestShop, method: Method, url: string, token?: string, body?: unknown) {
  return on.app.inject({
    method,
    url,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    payload: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
}
