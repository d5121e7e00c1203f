import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import { ChoiceButtons } from './ChoiceButtons';

const PERIODS = [
  ['day', 'Day'],
  ['week', 'Week'],
  ['month', 'Month'],
] as const;

describe('choice buttons', () => {
  it('take Tab on the chosen one, move with the arrows, and choose with Space', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderWithProviders(
      <>
        <button type="button">Before</button>
        <ChoiceButtons label="Period" value="week" choices={PERIODS} onChange={onChange} />
      </>,
    );
    expect(screen.getByRole('group', { name: 'Period' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Week' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Before' }));
    await user.tab();
    expect(screen.getByRole('button', { name: 'Week' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('button', { name: 'Month' })).toHaveFocus();
    expect(onChange).not.toHaveBeenCalled();
    await user.keyboard(' ');
    expect(onChange).toHaveBeenCalledWith('month');
  });

  it('keeps the chosen one chosen when it is pressed again', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderWithProviders(
      <ChoiceButtons label="Period" value="week" choices={PERIODS} onChange={onChange} />,
    );
    await user.click(screen.getByRole('button', { name: 'Week' }));
    expect(onChange).not.toHaveBeenCalled();
  });
});
