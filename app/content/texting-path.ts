/**
 * The texting opt-in page's address, apart from its content (which reads the
 * application's schema) so the footer and the sitemap link to it without
 * loading that.
 */
export const TEXTING_PATH = "/texting";
