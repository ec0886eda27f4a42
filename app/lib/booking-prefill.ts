/**
 * The booking page with an applicant's details filled in, for the
 * consultation dialog offered right after an application is sent: their
 * name, their e-mail, and the application's booking token (its own random
 * value, not the reference number) in a parameter the booking service hands
 * back with the booked call (its webhook), so the call lands on the right
 * application and on no other. Each service reads its own parameter
 * names; docs/booking-prefill.md says where each one comes from. The URL
 * lives only in the dialog's frame: never in this site's address, its
 * storage or its analytics.
 */

export interface BookingPrefill {
  firstName: string;
  lastName: string;
  email: string;
  /** The receipt's reference number (HL-…), shown in the offer; null when the application has none. */
  reference: string | null;
  /** The booking link's token, for the booking service to send back; null when the server gave none. */
  bookingToken: string | null;
}

/** Which query parameter carries what, for one booking service. */
interface ParameterNames {
  /** The full name, in one field. */
  name?: string;
  firstName?: string;
  lastName?: string;
  email: string;
  /** A value the service keeps with the booking and sends back in its webhook: the booking token. */
  bookingToken?: string;
}

const SERVICES: { host: RegExp; names: ParameterNames }[] = [
  // UTM values come back in the invitee's `tracking`, unseen by the invitee.
  { host: /(^|\.)calendly\.com$/, names: { name: "name", email: "email", bookingToken: "utm_content" } },
  // Metadata comes back in the webhook's `metadata` and is never shown to the booker.
  {
    host: /(^|\.)cal\.com$/,
    names: { name: "name", email: "email", bookingToken: "metadata[bookingToken]" },
  },
  {
    host: /(^|\.)savvycal\.com$/,
    names: { name: "name", email: "email", bookingToken: "metadata[bookingToken]" },
  },
  // HubSpot's scheduling pages fill contact properties only: the call is matched by e-mail.
  { host: /(^|\.)hubspot\.com$/, names: { firstName: "firstname", lastName: "lastname", email: "email" } },
];

/** Any other service (or our own test stand-in): plain names. */
const OTHER: ParameterNames = { name: "name", email: "email", bookingToken: "bookingToken" };

/**
 * `bookingUrl` with the prefill parameters of its service added (replacing
 * any of the same name it already has; its own other parameters and its
 * fragment kept). Values are percent-encoded (a space is %20, as the
 * services' own examples write it). An empty or unparsable URL comes back
 * unchanged: the dialog then shows what it shows without one.
 */
export function prefilledBookingUrl(bookingUrl: string, prefill: BookingPrefill): string {
  let url: URL;
  try {
    url = new URL(bookingUrl);
  } catch {
    return bookingUrl;
  }
  const names = SERVICES.find(({ host }) => host.test(url.hostname))?.names ?? OTHER;
  const values: [string | undefined, string | null][] = [
    [names.name, `${prefill.firstName.trim()} ${prefill.lastName.trim()}`.trim()],
    [names.firstName, prefill.firstName.trim()],
    [names.lastName, prefill.lastName.trim()],
    [names.email, prefill.email.trim()],
    [names.bookingToken, prefill.bookingToken],
  ];
  const pairs: string[] = [];
  for (const [name, value] of values) {
    if (!name || !value) continue;
    if (url.searchParams.has(name)) url.searchParams.delete(name);
    pairs.push(`${name}=${encodeURIComponent(value)}`);
  }
  const search = url.search.slice(1);
  url.search = [search, ...pairs].filter(Boolean).join("&");
  return url.toString();
}
