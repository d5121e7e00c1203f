import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { Link as RouterLink } from 'react-router';

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
    <Tabs
      value={current}
      variant="scrollable"
      allowScrollButtonsMobile
      aria-label={label}
      sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
    >
      {tabs.map((tab) => (
        <Tab key={tab.to} value={tab.to} label={tab.label} component={RouterLink} to={tab.to} />
      ))}
    </Tabs>
  );
}
