export function publicBuildEnv(env: Record<string, string | undefined>): {
  siteUrl: string;
  bookingUrl: string;
};
