import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { server } from './server';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
// A lazy chunk (the date pickers) can take over the default second to load on a 2-core CI
// machine running every test file at once: `findBy…` and `waitFor` wait up to 5 s.
configure({ asyncUtilTimeout: 5000 });
// jsdom lays nothing out, so it has nothing to scroll into view.
Element.prototype.scrollIntoView = () => {};
// jsdom has no object URLs: each test gets stand-ins (a test may spy on them).
beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:test');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  server.resetHandlers();
  cleanup();
  localStorage.clear();
  document.cookie.split(';').forEach((cookie) => {
    document.cookie = `${cookie.split('=')[0]?.trim()}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  });
});
afterAll(() => server.close());
