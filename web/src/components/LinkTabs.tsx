import Tab from '@mui/material/Tab';
import { Link as RouterLink } from 'react-router';
import { ScrollingTabs } from './ScrollingTabs';

/** Pages as a row of tabs that are links, scrolling on a narrow screen; `current` is the
 * open page's path. */
export function LinkTabs({
  label,
  tabs,
  current,
}: {
  label: string;
  tabs: { label: string; to: string }[];
  current: string;
}) {
  return (
    <ScrollingTabs
      value={current}
      aria-label={label}
      sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
    >
      {tabs.map((tab) => (
        <Tab key={tab.to} value={tab.to} label={tab.label} component={RouterLink} to={tab.to} />
      ))}
    </ScrollingTabs>
  );
}
