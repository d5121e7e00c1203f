import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../test/render';
import { PreferenceControls } from './PreferenceControls';

/** jsdom has no media queries; this one answers the colour scheme the test chooses. */
function systemPrefersDark(dark: boolean) {
  window.matchMedia = ((query: string) => ({
    matches: dark && query.includes('prefers-color-scheme: dark'),
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
}

describe('preferences', () => {
  it('follow the system colour scheme until the user saves a choice', async () => {
    systemPrefersDark(true);
    renderWithProviders(<PreferenceControls />);
    await waitFor(() => expect(document.documentElement.dataset.theme).toBe('dark'));
    await userEvent.click(screen.getByRole('button', { name: 'Light mode' }));
    await waitFor(() => expect(document.documentElement.dataset.theme).toBe('light'));
    expect(JSON.parse(localStorage.getItem('preferences') ?? '{}')).toMatchObject({
      isDarkMode: false,
    });
  });

  it('are read back from local storage', async () => {
    systemPrefersDark(false);
    localStorage.setItem('preferences', JSON.stringify({ isDarkMode: true, fontScale: 1.25 }));
    const { store } = renderWithProviders(<PreferenceControls />);
    expect(store.getState().preferences).toMatchObject({
      isDarkMode: true,
      fontScale: 1.25,
      language: 'en',
    });
    await waitFor(() => expect(document.documentElement.dataset.theme).toBe('dark'));
  });

  it('switch to Arabic with right-to-left layout', async () => {
    systemPrefersDark(false);
    const { store } = renderWithProviders(<PreferenceControls />);
    await userEvent.click(screen.getByRole('button', { name: 'Language' }));
    await userEvent.click(screen.getByRole('menuitemradio', { name: 'العربية', checked: false }));
    await waitFor(() => expect(document.documentElement.dir).toBe('rtl'));
    expect(document.documentElement.lang).toBe('ar');
    expect(store.getState().preferences.direction).toBe('rtl');
    expect(JSON.parse(localStorage.getItem('preferences') ?? '{}')).toMatchObject({
      language: 'ar',
      direction: 'rtl',
    });
    expect(await screen.findByRole('button', { name: 'اللغة' })).toBeInTheDocument();
  });

  it('toggle the contrast filter and step the text size', async () => {
    systemPrefersDark(false);
    const { store } = renderWithProviders(<PreferenceControls />);
    await userEvent.click(screen.getByRole('button', { name: 'High contrast' }));
    expect(store.getState().preferences.isContrastMode).toBe(true);
    expect(screen.getByRole('button', { name: 'High contrast' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Text size: 100%' }));
    expect(store.getState().preferences.fontScale).toBe(1.125);
  });
});
