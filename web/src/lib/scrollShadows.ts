import { alpha, type Theme } from '@mui/material/styles';

/**
 * Shadows at the ends of a box that scrolls (`y`: top and bottom, `x`: left and right) while
 * there is more to scroll to, since phones show no scroll bar: covers that scroll with the
 * content hide the shadows at either end.
 */
export const scrollShadows =
  (axis: 'x' | 'y') =>
  ({ palette }: Theme) => {
    const paper = palette.background.paper;
    const shadow = alpha(palette.text.primary, 0.25);
    const [start, end, to, across] =
      axis === 'y'
        ? ['top', 'bottom', '', '100% 24px']
        : ['left', 'right', 'to right, ', '24px 100%'];
    const thin = axis === 'y' ? '100% 8px' : '8px 100%';
    const at = axis === 'y' ? ['50% 0', '50% 100%'] : ['0 50%', '100% 50%'];
    return {
      background: `linear-gradient(${to}${paper} 30%, transparent) ${start} / ${across} no-repeat local,
        linear-gradient(${to}transparent, ${paper} 70%) ${end} / ${across} no-repeat local,
        radial-gradient(farthest-side at ${at[0]}, ${shadow}, transparent) ${start} / ${thin} no-repeat scroll,
        radial-gradient(farthest-side at ${at[1]}, ${shadow}, transparent) ${end} / ${thin} no-repeat scroll`,
      backgroundColor: paper,
    };
  };
