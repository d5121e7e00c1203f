import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../app/providers';
import { makeStore, type PreloadedState } from '../app/store';

/**
 * Renders `ui` at `route` with the real store and providers; `path` is the route's pattern when
 * it has a parameter (`/schedules/:cuschedule`), `state` what the page was navigated with. Other
 * paths render their own path as text, so a test can see where the app navigated.
 */
export function renderWithProviders(
  ui: ReactElement,
  {
    preloadedState,
    route = '/',
    path = route.split('?')[0] ?? '/',
    state,
  }: { preloadedState?: PreloadedState; route?: string; path?: string; state?: unknown } = {},
) {
  const store = makeStore(preloadedState);
  const router = createMemoryRouter(
    [
      { path, element: ui },
      { path: '*', element: <p data-testid="location">elsewhere</p> },
    ],
    { initialEntries: [state === undefined ? route : { pathname: route, state }] },
  );
  const rendered = render(
    <AppProviders store={store}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...rendered, store, router };
}
