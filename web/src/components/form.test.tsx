import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../test/render';
import { Form, FormField, SubmitButton, useForm } from './form';

type Values = { name: string; rate: string };

/** A form of two required fields, the second a number, that sends nothing. */
function TwoFields() {
  const form = useForm<Values>({ name: '', rate: '' }, (values) => ({
    ...(values.name ? {} : { name: 'validation.required' }),
    ...(values.rate ? {} : { rate: 'validation.required' }),
  }));
  return (
    <Form onSubmit={form.onSubmit(async () => undefined)}>
      <FormField label="Name" {...form.field('name')} />
      <FormField label="Rate" type="number" {...form.field('rate')} />
      <SubmitButton busy={false}>Save</SubmitButton>
    </Form>
  );
}

describe('a form', () => {
  it('moves the focus to the first field with an error when it cannot be sent', async () => {
    const user = userEvent.setup();
    renderWithProviders(<TwoFields />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByLabelText('Name')).toHaveFocus();
    await user.type(screen.getByLabelText('Name'), 'Acme');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByLabelText('Rate')).toHaveFocus();
  });

  it('says a number field holds no number, where the browser reports it empty', async () => {
    const user = userEvent.setup();
    renderWithProviders(<TwoFields />);
    await user.type(screen.getByLabelText('Name'), 'Acme');
    // What a browser reports for "2e" typed in a number field (jsdom cannot hold such text).
    Object.defineProperty(screen.getByLabelText('Rate'), 'validity', {
      value: { badInput: true },
    });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Enter a number.')).toBeInTheDocument();
    expect(screen.queryByText('This field is required.')).not.toBeInTheDocument();
  });
});
