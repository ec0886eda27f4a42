/** Delivery health, and sending dead deliveries again. */
import { request } from "../common/api/client";
import type { Health, RedeliverDeadInclude } from "../common/api/types";

export const getHealth = (signal?: AbortSignal) => request<Health>("/health", { signal });

/** Sends dead deliveries again: the temporary failures, or with "all" the permanent refusals too. */
export const redeliverDead = (include: RedeliverDeadInclude = "temporary") =>
  request<{ redelivered: number; permanentLeft: number }>("/deliveries/redeliver-dead", {
    method: "POST",
    body: { include },
  });
