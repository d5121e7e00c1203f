import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { renderWithProviders } from '../../test/render';
import { answer, server } from '../../test/server';
import { RadiatorDetail } from './RadiatorDetail';
import type { Radiator } from './types';

const east: Radiator = {
  id: 7,
  uid: 'HD-0007',
  name: 'East wall',
  room_id: 1,
  room_name: 'Kitchen',
  min_temperature: 7,
  max_temperature: 26,
  target_temperature: 16,
  status: 1,
  current_temperature: 15,
  power_w: 0,
  heating: 0,
  online: 1,
  last_seen: '2026-11-25T08:00:00Z',
};

describe('a radiator’s page', () => {
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

  it('sends a target still waiting for the clicks to pause when the page is left', async () => {
    const user = userEvent.setup();
    const sent: number[] = [];
    server.use(
      http.get('/v2/radiators/7', () => answer('Radiator.', { radiator: east })),
      http.get('/v2/radiators/7/readings', () => answer('Readings.', { readings: [] })),
      http.put('/v2/radiators/set-temperature', async ({ request }) => {
        const { temperature } = (await request.json()) as { temperature: number };
        sent.push(temperature);
        return answer('Set.', { radiator: { ...east, target_temperature: temperature } });
      }),
    );
    const { unmount } = renderWithProviders(<RadiatorDetail />, {
      route: '/radiators/7',
      path: '/radiators/:curadiator',
    });
    await screen.findByTestId('target-temperature');
    await user.click(screen.getByRole('button', { name: 'Lower the target by 0.5 °C' }));
    unmount();
    await waitFor(() => expect(sent).toEqual([15.5]));
  });
});
