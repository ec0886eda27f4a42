interface ImportMetaEnv {
  readonly VITE_SITE_URL?: string;
  readonly VITE_BOOKING_URL?: string;
}
