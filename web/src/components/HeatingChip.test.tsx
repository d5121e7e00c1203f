import { screen } from '@testing-library/react';
import { renderWithProviders } from '../test/render';
import { HeatingChip } from './HeatingChip';

describe('the heating chip', () => {
  it.each([
    [{ heating: 1 }, 'Heating'],
    [{ heating: 0 }, 'Idle'],
    // Switched off says so, rather than "idle", wherever a room or radiator is shown.
    [{ heating: 0, on: 0 }, 'Off'],
    // A device not heard from is the thing to know, switched on or off.
    [{ heating: 0, on: 0, online: 0 }, 'Offline'],
    // A room with no radiators has nothing to hear from: that, not "Offline".
    [{ heating: 0, on: 0, online: 0, radiators: 0 }, 'No radiators'],
    // A new radiator not heard from yet is waiting, not offline.
    [{ heating: 0, online: 0, reported: false }, 'Waiting for its first report'],
  ])('%o reads %s', (props, label) => {
    renderWithProviders(<HeatingChip {...props} />);
    expect(screen.getByText(label)).toBeInTheDocument();
  });
});
