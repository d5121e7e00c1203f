import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { answer, refusal, server } from '../../test/server';
import { AboutUs } from './AboutUs';
import { ContactUs } from './ContactUs';

const details = {
  email: 'support@heatdesk.example',
  phone: '0113 496 0000',
  address: 'HeatDesk, 12 Wellington Street, Leeds LS1 4DL',
  hours: 'Monday to Friday, 08:30–17:30',
};

describe('contact us', () => {
  it('refuses a message over 5,000 characters before sending it', async () => {
    const ui = userEvent.setup();
    server.use(
      http.get('/v2/contact-us', () => answer('Contact details.', { contact_us: details })),
    );
    renderWithProviders(<ContactUs />, { route: '/contact-us' });
    await ui.type(screen.getByLabelText(/Subject/), 'Long');
    fireEvent.change(screen.getByLabelText(/Message/), { target: { value: 'x'.repeat(5001) } });
    await ui.click(screen.getByRole('button', { name: 'Send message' }));
    expect(screen.getByText('Keep the message to 5,000 characters.')).toBeInTheDocument();
  });

  it('shows how to reach support and sends a message, with the server’s refusals', async () => {
    const ui = userEvent.setup();
    const sent: unknown[] = [];
    let throttled = false;
    server.use(
      http.get('/v2/contact-us', () => answer('Contact details.', { contact_us: details })),
      http.post('/v2/contact-us', async ({ request }) => {
        if (throttled)
          return refusal(
            429,
            'You have sent 5 messages in the last hour: please wait before sending another, or call us.',
          );
        sent.push(await request.json());
        return answer('Thank you: your message has been sent. We answer within one working day.');
      }),
    );
    renderWithProviders(<ContactUs />, { route: '/contact-us' });
    // A phone dials the number and a mail program opens at the address.
    expect(await screen.findByRole('link', { name: '0113 496 0000' })).toHaveAttribute(
      'href',
      'tel:01134960000',
    );
    expect(screen.getByRole('link', { name: 'support@heatdesk.example' })).toHaveAttribute(
      'href',
      'mailto:support@heatdesk.example',
    );
    await ui.click(screen.getByRole('button', { name: 'Send message' }));
    expect(screen.getAllByText('This field is required.')).toHaveLength(2);
    await ui.type(screen.getByLabelText(/Subject/), 'Hall radiator');
    await ui.type(screen.getByLabelText(/Message/), 'It does not warm up.');
    // The room left is counted as it is typed.
    expect(screen.getByText(/^.20. of .5,000. characters$/)).toBeInTheDocument();
    await ui.click(screen.getByRole('button', { name: 'Send message' }));
    expect(
      await screen.findByText(
        'Thank you: your message has been sent. We answer within one working day.',
      ),
    ).toBeInTheDocument();
    expect(sent).toEqual([{ subject: 'Hall radiator', message: 'It does not warm up.' }]);
    expect(screen.getByLabelText(/Subject/)).toHaveValue('');

    throttled = true;
    await ui.type(screen.getByLabelText(/Subject/), 'Again');
    await ui.type(screen.getByLabelText(/Message/), 'Still cold.');
    await ui.click(screen.getByRole('button', { name: 'Send message' }));
    expect(
      await screen.findByText(/You have sent 5 messages in the last hour/),
    ).toBeInTheDocument();
    expect(screen.getByLabelText(/Subject/)).toHaveValue('Again');
  });
});

describe('about us', () => {
  it('says what HeatDesk does and how it counts', () => {
    renderWithProviders(<AboutUs />, { route: '/about-us' });
    expect(screen.getByRole('heading', { name: 'How it counts' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Your data' })).toBeInTheDocument();
  });
});
