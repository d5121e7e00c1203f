import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';

/**
 * One of a few choices as buttons side by side, the chosen one pressed (a period, a metric, a
 * filter). The arrow keys move between them; Tab reaches the chosen one, as in a radio group,
 * where MUI's group would start from the first.
 */
export function ChoiceButtons<T extends string>({
  label,
  value,
  choices,
  onChange,
  size = 'small',
  wide = false,
}: {
  label: string;
  value: T;
  /** Each choice with its words. */
  choices: readonly (readonly [T, string])[];
  onChange: (next: T) => void;
  size?: 'small' | 'medium';
  /** Room on either side of each choice's words. */
  wide?: boolean;
}) {
  return (
    <ToggleButtonGroup
      exclusive
      size={size}
      value={value}
      aria-label={label}
      // Pressing the chosen one again would choose none: it stays chosen.
      onChange={(_, next: T | null) => next !== null && onChange(next)}
    >
      {choices.map(([choice, words]) => (
        <ToggleButton
          key={choice}
          value={choice}
          tabIndex={choice === value ? 0 : -1}
          sx={wide ? { px: 2 } : undefined}
        >
          {words}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
