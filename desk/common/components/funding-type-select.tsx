import type { ComponentProps } from "react";
import { fundingTypeOptions } from "#domain/application/schema";
import { FieldLabel } from "#ui/field";

/**
 * The "Funding type" label and its select: any funding type (the empty value)
 * or one of the application form's. The inbox's filters and the routing rules
 * choose a funding type with it; each gives its select's value, classes and
 * error wiring, and puts it in a Field of its own.
 */
export function FundingTypeSelect({
  id,
  ...select
}: Omit<ComponentProps<"select">, "id" | "children"> & {
  /** The select's id. */
  id: string;
}) {
  return (
    <>
      <FieldLabel htmlFor={id}>Funding type</FieldLabel>
      <select id={id} {...select}>
        <option value="">Any funding type</option>
        {fundingTypeOptions.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </>
  );
}
