/** Delivery health, and sending dead deliveries again. */
import { request } from "../common/api/client";
import type { DeliveryHealth, RedeliverDeadInclude, RedeliveredDead } from "#domain/desk/contract";

export const getHealth = (signal?: AbortSignal) => request<DeliveryHealth>("/health", { signal });

/** Sends dead deliveries again: the temporary failures, or with "all" the permanent refusals too. */
export const redeliverDead = (include: RedeliverDeadInclude = "temporary") =>
  request<RedeliveredDead>("/deliveries/redeliver-dead", {
    method: "POST",
    body: { include },
  });
