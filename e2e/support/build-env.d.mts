export function e2ePorts(env?: Record<string, string | undefined>): {
  port: number;
  bookingPort: number;
  crmPort: number;
  smtpPort: number;
  inboxPort: number;
};
export function e2eBuildEnv(env?: Record<string, string | undefined>): {
  RR_BUILD_DIR: string;
  SITE_URL: string;
  BOOKING_URL: string;
};
