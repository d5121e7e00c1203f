import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { renderWithProviders } from '../test/render';
import { ClockField } from './ClockField';

function Field({ endOfDay = false }: { endOfDay?: boolean }) {
  const [value, setValue] = useState('08:00');
  return <ClockField name="at" label="At" value={value} onValue={setValue} endOfDay={endOfDay} />;
}

describe('a time-of-day field', () => {
  it('shows 24-hour times and tidies what was typed when it is left', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Field />);
    const at = screen.getByLabelText('At');
    expect(at).toHaveValue('08:00');
    await user.clear(at);
    await user.type(at, '1930');
    expect(at).toHaveValue('1930');
    await user.tab();
    expect(at).toHaveValue('19:30');
    // What is no time stays as typed, for the form's check to name.
    await user.clear(at);
    await user.type(at, '25:00');
    await user.tab();
    expect(at).toHaveValue('25:00');
  });

  it('makes midnight the end of the day where it ends one', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Field endOfDay />);
    const at = screen.getByLabelText('At');
    await user.clear(at);
    await user.type(at, '00:00');
    await user.tab();
    expect(at).toHaveValue('24:00');
  });
});
