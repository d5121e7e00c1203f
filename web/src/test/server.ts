import { HttpResponse } from 'msw';
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
