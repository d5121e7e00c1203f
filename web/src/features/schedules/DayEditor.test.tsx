import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { renderWithProviders } from '../../test/render';
import { defaultPreferences } from '../preferences';
import { DayEditor } from './DayEditor';
import type { EditedSlot } from './slots';

/** The editor with its slots and selection kept, as the form keeps them. */
function Editor({
  initial = [],
  errors = {},
  onChange,
}: {
  initial?: EditedSlot[];
  errors?: Record<string, string>;
  onChange?: (slots: EditedSlot[]) => void;
}) {
  const [slots, setSlots] = useState(initial);
  const [selected, setSelected] = useState<number | null>(null);
  return (
    <DayEditor
      slots={slots}
      onChange={(next) => {
        setSlots(next);
        onChange?.(next);
      }}
      selected={selected}
      onSelect={setSelected}
      errors={errors}
    />
  );
}

/** The bar laid out 960 px wide, so 1 px is 1.5 minutes (08:00 at 320 px, 12:00 at 480 px). */
function bar() {
  const element = screen.getByTestId('day-bar');
  element.getBoundingClientRect = () =>
    ({ left: 0, top: 0, width: 960, height: 64, right: 960, bottom: 64 }) as DOMRect;
  return element;
}

function drag(from: HTMLElement, startX: number, endX: number) {
  const target = bar();
  fireEvent.pointerDown(from, { clientX: startX, pointerId: 1, button: 0 });
  fireEvent.pointerMove(target, { clientX: (startX + endX) / 2, pointerId: 1 });
  fireEvent.pointerMove(target, { clientX: endX, pointerId: 1 });
  fireEvent.pointerUp(target, { clientX: endX, pointerId: 1 });
}

const slot = (start: string, end: string, setpoint = '21'): EditedSlot => ({
  start,
  end,
  setpoint,
});

describe('the day editor', () => {
  it('draws a slot where the pointer drags, snapped to 15 minutes, and selects it', () => {
    const changed = vi.fn();
    renderWithProviders(<Editor onChange={changed} />);
    // 331 px is 08:16:30, which snaps to 08:15; 487 px is 12:10:30, which snaps to 12:15.
    drag(bar(), 331, 487);
    expect(changed).toHaveBeenLastCalledWith([slot('08:15', '12:15')]);
    expect(
      screen.getByRole('button', {
        name: 'Slot 1: \u206608:15–12:15\u2069, \u206621.0\u00a0°C\u2069',
      }),
    ).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('group', { name: /Slot 1:/ })).toBeInTheDocument();
    expect(screen.getByLabelText('Setpoint (°C)')).toHaveValue(21);
  });

  it('draws only into free time: from a slot’s end, up to the next slot', () => {
    const changed = vi.fn();
    renderWithProviders(
      <Editor initial={[slot('07:00', '09:00'), slot('12:00', '14:00')]} onChange={changed} />,
    );
    // Dragging from 10:00 to 16:00 stops at the next slot's start, 12:00.
    drag(bar(), 400, 640);
    expect(changed).toHaveBeenLastCalledWith([
      slot('07:00', '09:00'),
      slot('10:00', '12:00'),
      slot('12:00', '14:00'),
    ]);
    // Pressing on a slot selects it; it draws nothing.
    changed.mockClear();
    fireEvent.pointerDown(screen.getByTestId('slot-0'), { clientX: 300, button: 0 });
    expect(changed).not.toHaveBeenCalled();
    expect(screen.getByTestId('slot-0')).toHaveAttribute('aria-pressed', 'true');
  });

  it('draws an hour where the bar is clicked without a drag', () => {
    const changed = vi.fn();
    renderWithProviders(<Editor onChange={changed} />);
    drag(bar(), 960, 960);
    expect(changed).toHaveBeenLastCalledWith([slot('23:45', '24:00')]);
    drag(bar(), 30, 30);
    expect(changed).toHaveBeenLastCalledWith([slot('00:45', '01:45'), slot('23:45', '24:00')]);
  });

  it('resizes a slot by dragging its edges, not past its neighbour', () => {
    const changed = vi.fn();
    renderWithProviders(
      <Editor initial={[slot('08:00', '12:00'), slot('14:00', '16:00')]} onChange={changed} />,
    );
    drag(screen.getByRole('slider', { name: 'End of slot 1' }), 480, 540);
    expect(changed).toHaveBeenLastCalledWith([slot('08:00', '13:30'), slot('14:00', '16:00')]);
    drag(screen.getByRole('slider', { name: 'End of slot 1' }), 540, 900);
    expect(changed).toHaveBeenLastCalledWith([slot('08:00', '14:00'), slot('14:00', '16:00')]);
    drag(screen.getByRole('slider', { name: 'Start of slot 2' }), 600, 700);
    expect(changed).toHaveBeenLastCalledWith([slot('08:00', '14:00'), slot('15:45', '16:00')]);
  });

  it('moves a focused edge by 15 minutes with the arrow keys, an hour with Page keys', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Editor initial={[slot('08:00', '12:00'), slot('13:00', '16:00')]} />);
    const start = screen.getByRole('slider', { name: 'Start of slot 1' });
    const end = screen.getByRole('slider', { name: 'End of slot 1' });
    expect(start).toHaveAttribute('aria-valuetext', '08:00');
    act(() => start.focus());
    await user.keyboard('{ArrowRight}');
    expect(start).toHaveAttribute('aria-valuetext', '08:15');
    await user.keyboard('{ArrowLeft}{ArrowLeft}{ArrowDown}');
    expect(start).toHaveAttribute('aria-valuetext', '07:30');
    await user.keyboard('{PageUp}');
    expect(start).toHaveAttribute('aria-valuetext', '08:30');
    await user.keyboard('{Home}');
    expect(start).toHaveAttribute('aria-valuetext', '00:00');
    act(() => end.focus());
    // Not into the next slot, which starts at 13:00.
    await user.keyboard('{PageUp}{PageUp}');
    expect(end).toHaveAttribute('aria-valuetext', '13:00');
    // Focusing an edge selects its slot, whose fields follow.
    expect(screen.getByLabelText('End')).toHaveValue('13:00');
  });

  it('runs from the right in right-to-left text, for the pointer and the arrow keys', async () => {
    const user = userEvent.setup();
    const changed = vi.fn();
    renderWithProviders(<Editor onChange={changed} />, {
      preloadedState: { preferences: { ...defaultPreferences, direction: 'rtl' } },
    });
    // 08:15 is 331 px from the right edge, 12:15 is 487 px from it.
    drag(bar(), 960 - 331, 960 - 487);
    expect(changed).toHaveBeenLastCalledWith([slot('08:15', '12:15')]);
    const start = screen.getByRole('slider', { name: 'Start of slot 1' });
    act(() => start.focus());
    // Left is later, as the edge moves toward the day's end.
    await user.keyboard('{ArrowLeft}');
    expect(start).toHaveAttribute('aria-valuetext', '08:30');
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(start).toHaveAttribute('aria-valuetext', '08:00');
  });

  it('edits the selected slot’s exact times and setpoint, and deletes it', async () => {
    const user = userEvent.setup();
    const changed = vi.fn();
    renderWithProviders(<Editor initial={[slot('08:00', '12:00')]} onChange={changed} />);
    await user.click(screen.getByTestId('slot-0'));
    // Times are typed as 24-hour ones and tidied when the field is left.
    await user.clear(screen.getByLabelText('Start'));
    await user.type(screen.getByLabelText('Start'), '710');
    await user.tab();
    expect(screen.getByLabelText('Start')).toHaveValue('07:10');
    // 00:00 as an end is midnight at the end of the day.
    await user.clear(screen.getByLabelText('End'));
    await user.type(screen.getByLabelText('End'), '0');
    await user.tab();
    expect(screen.getByLabelText('End')).toHaveValue('24:00');
    await user.clear(screen.getByLabelText('Setpoint (°C)'));
    await user.type(screen.getByLabelText('Setpoint (°C)'), '19.5');
    expect(changed).toHaveBeenLastCalledWith([slot('07:10', '24:00', '19.5')]);
    await user.click(screen.getByRole('button', { name: 'Delete slot' }));
    expect(changed).toHaveBeenLastCalledWith([]);
    expect(screen.getByText(/No slots yet/)).toBeInTheDocument();
  });

  it('adds and deletes slots from the keyboard', async () => {
    const user = userEvent.setup();
    const changed = vi.fn();
    renderWithProviders(<Editor onChange={changed} />);
    await user.click(screen.getByRole('button', { name: 'Add a slot' }));
    expect(changed).toHaveBeenLastCalledWith([slot('08:00', '18:00')]);
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(
        'Slot 1 added: \u206608:00–18:00\u2069, \u206621.0 °C\u2069.',
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Add a slot' }));
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(/^Slot 2 added: \u206618:00–/),
    );
    // Deleted from the keyboard, the focus goes to the slot now in its place, then to "Add".
    act(() => screen.getByTestId('slot-0').focus());
    await user.keyboard('{Delete}');
    expect(changed).toHaveBeenLastCalledWith([expect.objectContaining({ start: '18:00' })]);
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Slot 1 deleted.'));
    expect(screen.getByTestId('slot-0')).toHaveFocus();
    await user.keyboard('{Delete}');
    expect(changed).toHaveBeenLastCalledWith([]);
    expect(screen.getByRole('button', { name: 'Add a slot' })).toHaveFocus();
    // The same words again are said again: emptied, then filled.
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Slot 1 deleted.'));
  });

  it('shows the errors of the selected slot under its fields', async () => {
    renderWithProviders(
      <Editor
        initial={[slot('08:00', '12:00'), slot('11:00', '13:00')]}
        errors={{ 'slots.1.start': 'schedules.errors.overlap' }}
      />,
    );
    await userEvent.click(screen.getByTestId('slot-1'));
    expect(screen.getByText('Overlaps another slot.')).toBeInTheDocument();
  });
});
