import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { defaultPreferences } from '../features/preferences';
import { renderWithProviders } from '../test/render';

const TimeZone = () => (
  <Autocomplete
    options={['Europe/London']}
    value="Europe/London"
    renderInput={(params) => <TextField {...params} label="Time zone" />}
  />
);

describe("the app's theme", () => {
  it("words MUI's own controls in the app's language", async () => {
    renderWithProviders(<TimeZone />, {
      preloadedState: { preferences: { ...defaultPreferences, language: 'ar', direction: 'rtl' } },
    });
    expect(await screen.findByRole('button', { name: 'فتح' })).toBeInTheDocument();
  });

  it('keeps them in English for an English reader', async () => {
    renderWithProviders(<TimeZone />);
    expect(await screen.findByRole('button', { name: 'Open' })).toBeInTheDocument();
  });
});
