/**
 * An application's intake, in order: take the request its route validated
 * with the shared schema (intake-routes.ts), build the CRM payload, compose the applicant's receipt and the
 * staff alerts, store all of it with one repository call (on PGlite the
 * record is in the fsync'd journal first, journal.ts), then tell the outbox
 * workers that rows are waiting, so the delivery and the e-mails start now.
 * An application that filled the honeypot is quarantined: stored for review,
 * never delivered, and sent no e-mail.
 */
import { randomUUID } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import {
  HONEYPOT_FIELD,
  SMS_CONSENT_VERSION,
  smsConsentVersions,
  type ApplicationRequest,
} from "#domain/application/schema";
import { buildCrmPayload } from "../crm-delivery/crm-payload";
import { notifyDeliveryQueued } from "../crm-delivery/outbox-repository";
import { composeApplicationMails, type MailSettings } from "../mail/application-mail";
import { messageIdHost, notifyMailQueued } from "../mail/outbox-repository";
import { randomReference, withFreshReference } from "../mail/reference";
import { isUniqueViolation, type Queryable, type Store } from "../store/store";
import {
  createApplicationsRepository,
  type JournaledApplication,
  type NewApplication,
  type PreparedApplication,
} from "./applications-repository";
import type { ApplicationJournal } from "./journal";
import { createReviewClock, type ReviewClock } from "../review-clock/deadline";
import { createAssignment, INTAKE_GATHER_MS } from "../assignment/assignment";
import { createArrivalAnnouncer } from "./announce";
import { newBookingToken } from "./booking-token";
import { hashRoomToken, newRoomToken, roomUrl } from "../room/room-link";

export interface IntakeOptions {
  /** PGlite: the fsync'd journal written before the transaction. */
  journal?: ApplicationJournal<JournaledApplication>;
  /** The applicant's receipt and the staff alerts are stored with each deliverable application. */
  mail?: MailSettings;
  /** Each application's review deadline; without one, the site's 24 hours around the clock. */
  reviewClock?: ReviewClock;
  /** Where a failed assignment is logged (the application is stored all the same, unassigned). */
  log?: Pick<FastifyBaseLogger, "warn">;
}

/** What the request carries besides its body. */
export interface RequestFacts {
  ip: string;
  userAgent?: string;
  /** The Referer header: the consent's page when the body names none. */
  referer?: string;
}

export interface CreatedApplication {
  id: string;
  /** False when the submission id was seen before (nothing was stored). */
  created: boolean;
  /**
   * The reference number ("HL-…"): on the receipt, and given to a quarantined
   * one too, so the answer does not tell a bot it was caught; null only when
   * the server sends no e-mail at all.
   */
  reference: string | null;
  /**
   * The booking link's token (booking-token.ts), for the browser that sent
   * the application: the prefilled booking page carries it, and the booked
   * call comes back with it. Null for one stored before tokens existed.
   */
  bookingToken: string | null;
  /**
   * The link to the application's document room (server/room/room-link.ts),
   * for the confirmation; the receipt carries it too. Null when the
   * submission id was seen before (only the token's hash is kept, and the
   * receipt has the link) or when the server sends no e-mail.
   */
  roomLink: string | null;
}

const clip = (value: string | undefined, max: number) => (value ? value.slice(0, max) : undefined);

export function createIntake(store: Store, options: IntakeOptions = {}) {
  // The embedded store runs one statement at a time: each application's owner
  // is chosen in its own INSERT. On PostgreSQL, where instances store at the
  // same moment, in batches under a lock just after the commit (server/assignment).
  const assignAtInsert = store.engine === "pglite";
  const repository = createApplicationsRepository(store);
  const reviewClock = options.reviewClock ?? createReviewClock();
  // Its owner, just after it is stored: round-robin among the staff on duty (never a quarantined one).
  const assignment = createAssignment(store, options.log, { gatherMs: INTAKE_GATHER_MS });
  // The live inbox hears of each new application after its commit (announce.ts).
  const arrivals = createArrivalAnnouncer(store, options.log);

  /**
   * What is stored with `record`: its CRM payload, its reference number and
   * booking token (both freshly drawn) and, unless it is quarantined, its
   * e-mails (rendered before the statement that stores them). A quarantined
   * one gets its reference now as well, so its answer looks like any other's;
   * its release sends the receipt with that reference.
   */
  async function prepare(record: JournaledApplication): Promise<PreparedApplication> {
    const payload = buildCrmPayload(record.application, {
      applicationId: record.id,
      timestamp: record.timestamp,
      attribution: record.attribution,
    });
    const reference = options.mail ? randomReference() : null;
    // The room's link: its token goes in the receipt and the answer, its hash in the store.
    const roomToken = options.mail ? newRoomToken() : null;
    const roomLink = options.mail && roomToken ? roomUrl(options.mail.siteUrl, roomToken) : null;
    const mails =
      options.mail && reference && !record.quarantineReason
        ? await composeApplicationMails(
            {
              ...record.application,
              id: record.id,
              reference,
              submittedAt: record.timestamp,
              consent: { text: record.consent.text, version: record.consent.version },
              roomUrl: roomLink ?? undefined,
            },
            options.mail,
          )
        : [];
    const host = options.mail ? messageIdHost(options.mail.siteUrl) : "localhost";
    const reviewDueAt = reviewClock.deadline(new Date(record.timestamp)).toISOString();
    return {
      record,
      payload,
      reference,
      bookingToken: newBookingToken(),
      roomTokenHash: roomToken ? hashRoomToken(roomToken) : null,
      roomLink,
      mails,
      messageIdHost: host,
      reviewDueAt,
    };
  }

  /**
   * Stores `record` (see create): its reference once stored, and whether its
   * owner was chosen in the same statement; undefined when its submission id
   * exists. Should that choice fail, the application is stored all the same,
   * marked for the assignment batch and the sweep.
   */
  async function insert(record: JournaledApplication, db: Queryable = store) {
    // A reference or booking token drawn twice (rare: see reference.ts) is drawn again.
    return withFreshReference(db, db !== store, () => insertOnce(record, db));
  }

  async function insertOnce(record: JournaledApplication, db: Queryable) {
    const prepared = await prepare(record);
    // Not inside a caller's transaction (the journal's replay): a failed statement would end it.
    let assigned = assignAtInsert && db === store && !record.quarantineReason;
    let inserted: boolean;
    try {
      inserted = await repository.insert(prepared, db, assigned);
    } catch (error) {
      if (!assigned || isUniqueViolation(error)) throw error;
      options.log?.warn(
        { err: error, applicationIds: [record.id] },
        "assignment failed; the applications wait for the sweep",
      );
      assigned = false;
      inserted = await repository.insert(prepared, db, false);
    }
    return inserted
      ? {
          reference: prepared.reference,
          bookingToken: prepared.bookingToken,
          roomLink: prepared.roomLink,
          assigned,
        }
      : undefined;
  }

  /**
   * Stores the application, its consent record and (unless it is quarantined) its
   * outbox row and e-mails atomically. With a journal, the record is on disk
   * in the journal first. Resolves once both are durable (after COMMIT).
   */
  async function create(input: NewApplication): Promise<CreatedApplication> {
    const record: JournaledApplication = {
      ...input,
      id: randomUUID(),
      submissionId: input.submissionId ?? randomUUID(),
    };
    const commit = () => insert(record);
    try {
      const inserted = options.journal ? await options.journal.write(record, commit) : await commit();
      if (inserted) {
        arrivals.announce(record.id);
        if (!record.quarantineReason) {
          notifyDeliveryQueued();
          notifyMailQueued();
          // Its owner follows within milliseconds; the answer does not wait for it.
          if (!inserted.assigned) void assignment.assignNew(record.id);
        }
        return {
          id: record.id,
          created: true,
          reference: inserted.reference,
          bookingToken: inserted.bookingToken,
          roomLink: inserted.roomLink,
        };
      }
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
    const existing = await repository.findBySubmission(record.submissionId);
    if (!existing) throw new Error(`Submission ${record.submissionId} conflicted but was not found`);
    return { ...existing, created: false, roomLink: null };
  }

  return {
    /** A request, as the schema read it: stored (create). */
    async submit(request: ApplicationRequest, facts: RequestFacts): Promise<CreatedApplication> {
      // What the request carries besides the application itself; the rest is the
      // application (the CRM payload builder picks and orders its fields).
      const {
        submissionId,
        attribution,
        pageUrl,
        consentVersion = SMS_CONSENT_VERSION,
        [HONEYPOT_FIELD]: honeypot,
        ...application
      } = request;
      return create({
        submissionId,
        application,
        timestamp: new Date().toISOString(),
        quarantineReason: honeypot?.trim() ? "honeypot" : undefined,
        clientIp: facts.ip,
        userAgent: clip(facts.userAgent, 1000),
        attribution,
        consent: {
          text: smsConsentVersions[consentVersion],
          version: consentVersion,
          pageUrl: pageUrl || clip(facts.referer, 2000),
        },
      });
    },

    create,

    /** Resolves when every application stored so far has been through assignment (tests, shutdown). */
    settled: () => assignment.settled(),

    /** Start-up replay of the intake journal: stores the records the store lacks; returns how many. */
    async restore(records: JournaledApplication[]): Promise<number> {
      let inserted = 0;
      for (const record of records) {
        const stored = await store.transaction(
          async (tx) => !(await repository.isStored(record, tx)) && Boolean(await insert(record, tx)),
        );
        if (stored) {
          inserted++;
          arrivals.announce(record.id);
        }
        if (stored && !record.quarantineReason) await assignment.assignNew(record.id);
      }
      return inserted;
    },
  };
}

export type Intake = ReturnType<typeof createIntake>;
