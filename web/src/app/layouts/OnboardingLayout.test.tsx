import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '../../test/render';
import { OnboardingLayout } from './OnboardingLayout';

describe('the onboarding layout', () => {
  it('shows which of the four steps the page is', () => {
    renderWithProviders(<OnboardingLayout />, { route: '/consent-setup' });
    const steps = screen.getByRole('list', { name: 'Setting up your business' });
    const items = within(steps).getAllByRole('listitem');
    // The plan is done: a tick, not its number.
    expect(items.map((item) => item.textContent)).toEqual([
      'Plan',
      '2Smart meter',
      '3Address',
      '4Energy use',
    ]);
    expect(items[1]).toHaveAttribute('aria-current', 'step');
  });
});
