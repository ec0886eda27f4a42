/**
 * The site without its analytics: every export of app/lib/analytics.ts as a
 * no-op. The baseline build (no-analytics.vite.config.ts) uses it to measure
 * what analytics adds.
 */
export function track(): void {}
export function trackPageView(): void {}
export function startAnalytics(): void {}
