/** Every route of the app, written once (spec §2). */
export const paths = {
  login: '/',
  register: '/register',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  confirmEmail: '/confirm-email',
  terms: '/terms-conditions',
  privacy: '/privacy-policy',
  notFound: '/404',

  subscriptionPlan: '/subscription-plan',
  planPayment: '/plan-payment',
  consentSetup: '/consent-setup',
  confirmAddress: '/confirm-address',
  energyUsageSetup: '/energy-usage',

  home: '/home',
  compareCo2: '/home/compare-co2',
  rooms: '/rooms',
  addRoom: '/rooms/add-room',
  room: '/rooms/:roomName',
  preferences: '/preferences',
  preferencesEnergyUsage: '/preferences/energy-usage',
  preferencesCo2Savings: '/preferences/co2-savings',
  preferencesEntireOffice: '/preferences/entire-office',
  zones: '/zones',
  zone: '/zones/:cuzone',
  radiators: '/radiators',
  radiator: '/radiators/:curadiator',
  analytics: '/analytics',
  analyticsView: '/analytics/:visId',
  insights: '/insights',
  reduceCarbonFootprint: '/reduce-carbon-footprint',
  schedules: '/schedules',
  scheduleNew: '/schedules/new',
  /** Where spec §7 goes after fetching one schedule: the chosen schedule is in the store. */
  scheduleUpdate: '/schedules/update',
  schedule: '/schedules/:cuschedule',
  subscriptions: '/subscriptions',
  invoice: '/subscriptions/invoices/:invoiceNumber',
  withdrawConsent: '/withdraw-consent',
  profile: '/profile',
  settings: '/settings',
  changePassword: '/change-password',
  contactUs: '/contact-us',
  aboutUs: '/about-us',
} as const;

export type PathName = keyof typeof paths;

/** The room page of `name` (the route's parameter is the name, URL-encoded). */
export const roomPath = (name: string) => `/rooms/${encodeURIComponent(name)}`;
export const radiatorPath = (id: number) => `/radiators/${id}`;
export const zonePath = (id: number) => `/zones/${id}`;
export const schedulePath = (id: number) => `/schedules/${id}`;
export const invoicePath = (number: string) =>
  `/subscriptions/invoices/${encodeURIComponent(number)}`;
/** The settings page open at `tab` (`history`, `automations`, `business`, `notifications`). */
export const settingsPath = (tab: string) => `/settings?tab=${tab}`;
