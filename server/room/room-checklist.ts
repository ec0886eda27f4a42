/**
 * An application's default checklist, made once: when the applicant first
 * enters the room, or when a reminder is due before they ever have. Its
 * months and years are as of the day it was applied for, in the desk's zone.
 */
import { FUNDING_TYPE_CHECKLISTS, type FundingType } from "#domain/documents/checklist";
import { makeChecklist } from "../documents/checklist";
import type { Store } from "../store/store";

/** The desk's day ("YYYY-MM-DD") of an instant. */
const dayIn = (instant: string, timeZone: string) =>
  new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(
    new Date(instant),
  );

/** Makes the default items the application lacks (none for a funding type without a checklist). */
export async function makeRoomChecklist(
  store: Store,
  application: { id: string; fundingType: string; submittedAt: string },
  timeZone: string,
): Promise<void> {
  if (!(application.fundingType in FUNDING_TYPE_CHECKLISTS)) return;
  await makeChecklist(store, application.id, application.fundingType as FundingType, {
    owners: 1,
    asOf: dayIn(application.submittedAt, timeZone),
  });
}
