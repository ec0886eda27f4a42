/** Instants in the room, in the applicant's own zone: "Dec 4, 2:05 PM". */
const instant = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
});

const day = new Intl.DateTimeFormat("en-US", { month: "long", day: "numeric", year: "numeric" });

export const formatInstant = (iso: string) => instant.format(new Date(iso));
export const formatDay = (iso: string) => day.format(new Date(iso));
