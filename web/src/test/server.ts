import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';

/** The mock API of the unit tests; each test adds the handlers it needs. */
export const server = setupServer();

/** The server's success envelope (DESIGN.md §3). */
export function answer(description: string, data: object = {}) {
  return HttpResponse.json({ code: 200, description, data });
}

/** The server's error envelope, with its status. */
export function refusal(code: number, description: string, errors: Record<string, string[]> = {}) {
  return HttpResponse.json({ code, description, errors }, { status: code });
}

/** Answers every POST to `path` with `reply`; the list answered fills with the bodies sent. */
export function takePosts(path: string, reply: () => Response): unknown[] {
  const sent: unknown[] = [];
  server.use(
    http.post(path, async ({ request }) => {
      sent.push(await request.json());
      return reply();
    }),
  );
  return sent;
}

/** Refuses every POST to `path` with the server's error envelope. */
export function refusePosts(
  path: string,
  code: number,
  description: string,
  errors: Record<string, string[]> = {},
) {
  server.use(http.post(path, () => refusal(code, description, errors)));
}
