import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { renderWithProviders } from '../../test/render';
import { eastWall } from '../../test/radiators';
import { answer, server } from '../../test/server';
import { RadiatorDetail } from './RadiatorDetail';
import type { Radiator } from './types';

/** Set back to 16 °C, in a room at 15 °C. */
const east: Radiator = { ...eastWall, target_temperature: 16, current_temperature: 15 };

describe('a radiator’s page', () => {
  it('shows the last 24 hours, or the last 7 days on request', async () => {
    const user = userEvent.setup();
    const asked: string[] = [];
    server.use(
      http.get('/v2/radiators/7', () => answer('Radiator.', { radiator: east })),
      http.get('/v2/radiators/7/readings', ({ request }) => {
        asked.push(new URL(request.url).searchParams.get('hours') ?? '');
        return answer('Readings.', { readings: [] });
      }),
    );
    renderWithProviders(<RadiatorDetail />, {
      route: '/radiators/7',
      path: '/radiators/:curadiator',
    });
    expect(await screen.findByRole('heading', { name: 'Last 24 hours' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Last 7 days' }));
    expect(await screen.findByRole('heading', { name: 'Last 7 days' })).toBeInTheDocument();
    await waitFor(() => expect(asked).toEqual(['24', '168']));
  });

  it('adds up quick clicks on + into one change of the target', async () => {
    const user = userEvent.setup();
    const sent: number[] = [];
    let current = east;
    server.use(
      http.get('/v2/radiators/7', () => answer('Radiator.', { radiator: current })),
      http.get('/v2/radiators/7/readings', () => answer('Readings.', { readings: [] })),
      http.put('/v2/radiators/set-temperature', async ({ request }) => {
        const { temperature } = (await request.json()) as { temperature: number };
        sent.push(temperature);
        current = { ...current, target_temperature: temperature };
        return answer(`'East wall' set to ${temperature} °C.`, { radiator: current });
      }),
    );
    renderWithProviders(<RadiatorDetail />, {
      route: '/radiators/7',
      path: '/radiators/:curadiator',
    });
    const target = await screen.findByTestId('target-temperature');
    expect(target).toHaveTextContent('16.0 °C');

    const raise = screen.getByRole('button', { name: 'Raise the target by 0.5 °C' });
    for (let click = 0; click < 9; click += 1) await user.click(raise);
    // The page shows where the clicks have got to at once, and sends that once they pause.
    expect(target).toHaveTextContent('20.5 °C');
    expect(await screen.findByText("'East wall' set to 20.5 °C.")).toBeInTheDocument();
    expect(sent).toEqual([20.5]);
    await waitFor(() => expect(target).toHaveTextContent('20.5 °C'));
  });

  it('sends a target still waiting when the page moves to another radiator or is left', async () => {
    const user = userEvent.setup();
    const sent: string[] = [];
    const west: Radiator = {
      ...east,
      id: 8,
      uid: 'HD-0008',
      name: 'West wall',
      target_temperature: 21,
    };
    const radiators: Record<string, Radiator> = { '7': east, '8': west };
    server.use(
      http.get('/v2/radiators/:id', ({ params }) =>
        answer('Radiator.', { radiator: radiators[String(params.id)] }),
      ),
      http.get('/v2/radiators/:id/readings', () => answer('Readings.', { readings: [] })),
      http.put('/v2/radiators/set-temperature', async ({ request }) => {
        const { radiator_id, temperature } = (await request.json()) as {
          radiator_id: number;
          temperature: number;
        };
        sent.push(`${radiator_id} ${temperature}`);
        const radiator = radiator_id === 7 ? east : west;
        return answer('Set.', { radiator: { ...radiator, target_temperature: temperature } });
      }),
    );
    const { router, unmount } = renderWithProviders(<RadiatorDetail />, {
      route: '/radiators/7',
      path: '/radiators/:curadiator',
    });
    await screen.findByRole('heading', { name: 'East wall' });
    await user.click(screen.getByRole('button', { name: 'Lower the target by 0.5 °C' }));
    await router.navigate('/radiators/8');
    await screen.findByRole('heading', { name: 'West wall' });
    await waitFor(() => expect(sent).toEqual(['7 15.5']));
    // The other radiator shows its own target, not the draft left behind.
    expect(screen.getByTestId('target-temperature')).toHaveTextContent('21.0 °C');

    await user.click(screen.getByRole('button', { name: 'Raise the target by 0.5 °C' }));
    unmount();
    await waitFor(() => expect(sent).toEqual(['7 15.5', '8 21.5']));
  });

  it('moves the focus to the other step button when a step reaches a limit', async () => {
    const user = userEvent.setup();
    const near = { ...east, target_temperature: 29.5, max_temperature: 30 };
    server.use(
      http.get('/v2/radiators/7', () => answer('Radiator.', { radiator: near })),
      http.get('/v2/radiators/7/readings', () => answer('Readings.', { readings: [] })),
      http.put('/v2/radiators/set-temperature', () =>
        answer('Set.', { radiator: { ...near, target_temperature: 30 } }),
      ),
    );
    renderWithProviders(<RadiatorDetail />, {
      route: '/radiators/7',
      path: '/radiators/:curadiator',
    });
    const raise = await screen.findByRole('button', { name: 'Raise the target by 0.5 °C' });
    raise.focus();
    await user.keyboard('{Enter}');
    expect(raise).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Lower the target by 0.5 °C' })).toHaveFocus();
    // The target is sent once the clicks pause.
    expect(await screen.findByText('Set.')).toBeInTheDocument();
  });

  it('says an address that holds no id names no radiator, without asking the server', () => {
    // No handler is registered: a request would fail the test (onUnhandledRequest: 'error').
    renderWithProviders(<RadiatorDetail />, {
      route: '/radiators/abc',
      path: '/radiators/:curadiator',
    });
    expect(screen.getByText('This radiator does not exist.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Radiators' })).toHaveAttribute(
      'href',
      '/radiators',
    );
  });
});
