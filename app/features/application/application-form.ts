/** The wizard's form state: react-hook-form holding strings, checked by the schema on submit. */
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm, type Resolver, type UseFormReturn } from "react-hook-form";
import {
  applicationSchema,
  emptyApplication,
  type ApplicationFormValues,
  type FundingApplication,
} from "#domain/application/schema";

export type ApplicationForm = UseFormReturn<ApplicationFormValues, unknown, FundingApplication>;

// The form holds strings while it is filled in; the schema turns them into a
// valid application (enums, consent literal) on submit.
const resolver = zodResolver(applicationSchema) as unknown as Resolver<
  ApplicationFormValues,
  unknown,
  FundingApplication
>;

/** A field is checked when the visitor moves on (Next or submit), then again on every change. */
export function useApplicationForm(initial: Partial<ApplicationFormValues> = {}): ApplicationForm {
  return useForm<ApplicationFormValues, unknown, FundingApplication>({
    resolver,
    defaultValues: { ...emptyApplication, ...initial },
    mode: "onSubmit",
    reValidateMode: "onChange",
  });
}

/**
 * Checks an empty application once, through the same resolver a Next uses,
 * and throws the answer away: the schema's code and the resolver's mapping of
 * its messages are compiled, and zod's lazy set-up done, before the visitor's
 * first Next, which on a slow phone would otherwise pay for all three.
 * Nothing is shown: the form's own state is not touched. Returns the
 * resolver's answer, for tests.
 */
export async function warmUpValidation(): Promise<Awaited<ReturnType<typeof resolver>>> {
  return resolver(emptyApplication, undefined, {
    fields: {},
    shouldUseNativeValidation: false,
    criteriaMode: "firstError",
  });
}
