import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../test/render';
import { GroupSwitch } from './GroupSwitch';

describe('a room’s or zone’s switch', () => {
  it('shows what was asked and takes no second click while the change runs', async () => {
    let finish = () => {};
    const asked: boolean[] = [];
    const onToggle = (on: boolean) => {
      asked.push(on);
      return new Promise<void>((resolve) => (finish = resolve));
    };
    renderWithProviders(
      <GroupSwitch
        group={{ radiator_count: 2, radiators_on: 0 }}
        label="All radiators"
        onToggle={onToggle}
      />,
    );
    const control = screen.getByRole('switch', { name: /All radiators/ });
    await userEvent.click(control);
    expect(control).toBeChecked();
    expect(control).toHaveAttribute('aria-disabled', 'true');
    expect(control).toHaveFocus();
    expect(screen.getByRole('progressbar', { name: 'Saving…' })).toBeInTheDocument();
    await userEvent.click(control);
    expect(asked).toEqual([true]);
    // Refused (or not yet read again): it shows the radiators as they are.
    await act(async () => finish());
    expect(control).not.toBeChecked();
    expect(control).toHaveAttribute('aria-disabled', 'false');
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});
