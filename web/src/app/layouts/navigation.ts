import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import BarChartIcon from '@mui/icons-material/BarChart';
import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import CardMembershipIcon from '@mui/icons-material/CardMembership';
import ContactSupportIcon from '@mui/icons-material/ContactSupport';
import EcoIcon from '@mui/icons-material/EnergySavingsLeaf';
import GridViewIcon from '@mui/icons-material/GridView';
import HomeIcon from '@mui/icons-material/Home';
import InfoIcon from '@mui/icons-material/Info';
import LightbulbIcon from '@mui/icons-material/Lightbulb';
import MeetingRoomIcon from '@mui/icons-material/MeetingRoom';
import SettingsIcon from '@mui/icons-material/Settings';
import ThermostatIcon from '@mui/icons-material/Thermostat';
import TuneIcon from '@mui/icons-material/Tune';
import type { SvgIconComponent } from '@mui/icons-material';
import { paths } from '../../config/paths';

export interface NavItem {
  /** Key under `nav.` in the texts. */
  label: string;
  to: string;
  Icon: SvgIconComponent;
}

/** Every main section of spec §2, in the sidebar's order. */
export const mainNavigation: NavItem[] = [
  { label: 'home', to: paths.home, Icon: HomeIcon },
  { label: 'rooms', to: paths.rooms, Icon: MeetingRoomIcon },
  { label: 'zones', to: paths.zones, Icon: GridViewIcon },
  { label: 'radiators', to: paths.radiators, Icon: ThermostatIcon },
  { label: 'schedules', to: paths.schedules, Icon: CalendarMonthIcon },
  { label: 'analytics', to: paths.analytics, Icon: BarChartIcon },
  { label: 'insights', to: paths.insights, Icon: LightbulbIcon },
  { label: 'reduceCarbonFootprint', to: paths.reduceCarbonFootprint, Icon: EcoIcon },
  { label: 'preferences', to: paths.preferences, Icon: TuneIcon },
  { label: 'subscriptions', to: paths.subscriptions, Icon: CardMembershipIcon },
  { label: 'settings', to: paths.settings, Icon: SettingsIcon },
  { label: 'profile', to: paths.profile, Icon: AccountCircleIcon },
  { label: 'contactUs', to: paths.contactUs, Icon: ContactSupportIcon },
  { label: 'aboutUs', to: paths.aboutUs, Icon: InfoIcon },
];
