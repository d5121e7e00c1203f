import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../test/render';
import { useAction } from '../lib/useAction';
import { Form, FormField, SubmitButton, useForm } from './form';

type Values = { name: string; rate: string };

/** A form of two required fields, a text and a number, that sends nothing. */
function SomeFields() {
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
    renderWithProviders(<SomeFields />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByLabelText('Name')).toHaveFocus();
    await user.type(screen.getByLabelText('Name'), 'Acme');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByLabelText('Rate')).toHaveFocus();
  });

  it('says a number field holds no number, where the browser reports it empty', async () => {
    const user = userEvent.setup();
    renderWithProviders(<SomeFields />);
    await user.type(screen.getByLabelText('Name'), 'Acme');
    // What a browser reports for "2e" typed in a number field (jsdom cannot hold such text).
    Object.defineProperty(screen.getByLabelText('Rate'), 'validity', {
      value: { badInput: true },
    });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Enter a number.')).toBeInTheDocument();
    expect(screen.queryByText('This field is required.')).not.toBeInTheDocument();
  });

  it('tells a refusal under its fields alone, and in a toast when a field is not the form’s', async () => {
    const user = userEvent.setup();
    /** A form whose save the server refuses with `errors`. */
    function Refused({ errors }: { errors: Record<string, string[]> }) {
      const form = useForm({ name: 'Acme' }, () => ({}));
      const { run } = useAction();
      const save = () =>
        run(() => Promise.reject({ code: 422, description: 'Not saved.', errors }), {
          onError: form.showServerErrors,
        });
      return (
        <Form onSubmit={form.onSubmit(save)}>
          <FormField label="Name" {...form.field('name')} />
          <SubmitButton busy={false}>Save</SubmitButton>
        </Form>
      );
    }
    const { unmount } = renderWithProviders(<Refused errors={{ name: ['This name is taken.'] }} />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This name is taken.')).toBeInTheDocument();
    expect(screen.queryByText('Not saved.')).toBeNull();
    unmount();
    renderWithProviders(<Refused errors={{ plan: ['Choose a plan first.'] }} />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Not saved.')).toBeInTheDocument();
  });
});

describe('a password field', () => {
  it('shows what was typed on request, and hides it again', async () => {
    const user = userEvent.setup();
    renderWithProviders(<FormField name="password" type="password" label="Password" />);
    const field = screen.getByLabelText('Password');
    await user.type(field, 'correct horse');
    expect(field).toHaveAttribute('type', 'password');
    const show = screen.getByRole('button', { name: 'Show what you typed' });
    expect(show).toHaveAttribute('aria-pressed', 'false');
    await user.click(show);
    expect(field).toHaveAttribute('type', 'text');
    expect(field).toHaveValue('correct horse');
    await user.click(screen.getByRole('button', { name: 'Hide what you typed' }));
    expect(field).toHaveAttribute('type', 'password');
  });

  it('leaves other fields without the button', () => {
    renderWithProviders(<FormField name="name" label="Name" />);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
