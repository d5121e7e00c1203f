import { screen } from '@testing-library/react';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render';
import { DateField, formatDate } from './DateField';

describe('a date field', () => {
  it('shows a date as a UK business writes it and hands the API YYYY-MM-DD', async () => {
    const value = dayjs('2026-04-01');
    renderWithProviders(
      <DateField name="effective_from" label="Effective from" value={value} onChange={() => {}} />,
    );
    const field = await screen.findByRole('group', { name: 'Effective from' });
    expect(field).toHaveTextContent('01/04/2026');
    expect(formatDate(value)).toBe('2026-04-01');
    // Its buttons carry its name, so that two date fields on a page are told apart.
    const calendar = /^Effective from: choose a date; the date is /;
    expect(screen.getByRole('button', { name: calendar })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Effective from: clear' })).toBeInTheDocument();
  });
});
