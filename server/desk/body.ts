/**
 * A desk route's JSON body as the schema its route declares
 * (`schema: { body: deskBody(schema) }`, plugins/input-schemas.ts): no body
 * is an empty object, so each missing field is named; every field's first
 * problem by name (an unknown field named as such), the first message as
 * `error`, in a 400; never a 500.
 */
import { z } from "zod";
import { isJsonObject } from "../plugins/json-body";

/** `schema` over the body, a missing body read as `{}`. */
export const deskBody = <T extends z.ZodType>(schema: T) =>
  z.preprocess((body) => (body === null || body === undefined ? {} : body), schema);

/** `schema` over the body, anything but a JSON object read as `{}`: each field is then named as missing. */
export const fieldsBody = <T extends z.ZodType>(schema: T) =>
  z.preprocess((body) => (isJsonObject(body) ? body : {}), schema);
