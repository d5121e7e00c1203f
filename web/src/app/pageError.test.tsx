import { render, screen } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { AppProviders } from './providers';
import { makeStore } from './store';
import { ErrorPage } from '../components/ErrorPage';
import { ChunkLoadError } from '../components/lazyPage';

function Unreachable(): never {
  throw new ChunkLoadError('script', 'http://127.0.0.1:8099/assets/ZonesPage-x.js');
}

describe('a page that fails in the signed-in layout', () => {
  it('is said in the page’s place, the layout around it kept', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const router = createMemoryRouter(
      [
        {
          element: (
            <div>
              <nav>The menu</nav>
              <Outlet />
            </div>
          ),
          children: [
            {
              errorElement: <ErrorPage inLayout />,
              children: [{ path: '/zones', element: <Unreachable /> }],
            },
          ],
        },
      ],
      { initialEntries: ['/zones'] },
    );
    render(
      <AppProviders store={makeStore()}>
        <RouterProvider router={router} />
      </AppProviders>,
    );
    expect(screen.getByRole('heading', { name: 'Loading chunk failed' })).toBeInTheDocument();
    expect(screen.getByText(/ZonesPage-x\.js/)).toBeInTheDocument();
    expect(screen.getByRole('navigation')).toHaveTextContent('The menu');
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    // Not a second main landmark inside the layout's own.
    expect(screen.queryByRole('main')).toBeNull();
  });
});
