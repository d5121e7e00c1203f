import { screen } from '@testing-library/react';
import { TERMS_VERSION } from '../../features/onboarding';
import { renderWithProviders } from '../../test/render';
import LegalPage from './LegalPage';

describe('the terms', () => {
  it('have the smart-meter terms a consent agrees to, by their version, for a link to name', () => {
    renderWithProviders(<LegalPage document="terms" />, { route: '/terms-conditions' });
    const heading = screen.getByRole('heading', {
      name: `5. Smart-meter data (version ${TERMS_VERSION})`,
    });
    expect(heading.closest('section')).toHaveAttribute('id', 'smart-meter');
    expect(heading.closest('section')).toHaveTextContent(/withdraw your consent at any time/);
  });
});
