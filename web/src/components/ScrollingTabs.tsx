import { useTheme } from '@mui/material/styles';
import Tabs, { type TabsProps } from '@mui/material/Tabs';
import { useEffect, useRef } from 'react';

/** A row of tabs that scrolls on a narrow screen, with the open one in sight. */
export function ScrollingTabs(props: Omit<TabsProps, 'variant' | 'ref'>) {
  const row = useRef<HTMLDivElement>(null);
  const settled = useTheme().transitions.duration.standard + 20;
  const { value } = props;
  useEffect(() => {
    // MUI starts scrolling the open tab into view before its scroll buttons take their room,
    // and its animation then overrides its own correction: on a phone the open tab was left
    // out of sight. Once that animation is over, the browser's own scrolling puts it in sight,
    // in either direction of text.
    const timer = window.setTimeout(
      () =>
        row.current
          ?.querySelector('[aria-selected="true"]')
          ?.scrollIntoView({ block: 'nearest', inline: 'nearest' }),
      settled,
    );
    return () => window.clearTimeout(timer);
  }, [value, settled]);
  return <Tabs ref={row} variant="scrollable" allowScrollButtonsMobile {...props} />;
}
