import { ThemeProvider, createTheme } from '@mui/material/styles';
import { render, renderHook, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { useChartDirection } from './chartDirection';

const inDirection = (direction: 'ltr' | 'rtl') =>
  renderHook(() => useChartDirection(), {
    wrapper: ({ children }: { children: ReactNode }) => (
      <ThemeProvider theme={createTheme({ direction })}>{children}</ThemeProvider>
    ),
  }).result.current;

describe('a chart in right-to-left text', () => {
  it('runs from the right, its value axis and legend on the right, bars and names from the right', () => {
    const rtl = inDirection('rtl');
    expect(rtl.along.reversed).toBe(true);
    expect(rtl.across.orientation).toBe('right');
    expect(rtl.sideBySide(['baseline', 'actual'])).toEqual(['actual', 'baseline']);
    expect(rtl.legend.wrapperStyle.direction).toBe('rtl');
    render(<>{rtl.legend.formatter('Baseline')}</>);
    expect(screen.getByText('Baseline')).toHaveStyle({ marginRight: '4px' });
  });

  it('is left as it is in left-to-right text', () => {
    const ltr = inDirection('ltr');
    expect(ltr.along.reversed).toBe(false);
    expect(ltr.across.orientation).toBe('left');
    expect(ltr.sideBySide(['baseline', 'actual'])).toEqual(['baseline', 'actual']);
    expect(ltr.legend.wrapperStyle.direction).toBe('ltr');
    expect(ltr.legend.formatter('Baseline')).toBe('Baseline');
  });
});
