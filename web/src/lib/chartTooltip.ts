import { useTheme } from '@mui/material/styles';

/** A chart tooltip in the theme's colours, so it reads in dark mode too; "Target: 21 °C". */
export function useTooltipStyle() {
  const { palette } = useTheme();
  return {
    separator: ': ',
    contentStyle: {
      backgroundColor: palette.background.paper,
      borderColor: palette.divider,
      color: palette.text.primary,
    },
    labelStyle: { color: palette.text.primary },
    cursor: { fill: palette.action.hover },
  };
}
