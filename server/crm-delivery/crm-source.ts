/** The fixed form-name label the CRM receives as `source` with every application from this form. */
export const APPLICATION_SOURCE = "Website Funding Application";
