import { expect, test } from "vitest";
import { prefilledBookingUrl, type BookingPrefill } from "./booking-prefill";

const applicant: BookingPrefill = {
  firstName: "Ada",
  lastName: "Okafor-Smith",
  email: "ada+funding@northwind.example",
  reference: "HL-7K3M9QPX",
};

const query = (url: string) => Object.fromEntries(new URL(url).searchParams);

test("any booking page gets the name, the e-mail and the reference in plain parameters", () => {
  const url = prefilledBookingUrl("https://book.example.test/harborline", applicant);
  expect(url).toBe(
    "https://book.example.test/harborline?name=Ada%20Okafor-Smith&email=ada%2Bfunding%40northwind.example&reference=HL-7K3M9QPX",
  );
  // Read back as any service parses a query: the "+" in the address survives.
  expect(query(url)).toEqual({
    name: "Ada Okafor-Smith",
    email: "ada+funding@northwind.example",
    reference: "HL-7K3M9QPX",
  });
});

test("Calendly gets name and email, and the reference in utm_content, which its webhook returns", () => {
  expect(query(prefilledBookingUrl("https://calendly.com/harborline/consultation", applicant))).toEqual({
    name: "Ada Okafor-Smith",
    email: "ada+funding@northwind.example",
    utm_content: "HL-7K3M9QPX",
  });
});

test("Cal.com and SavvyCal get the reference as metadata", () => {
  for (const page of ["https://cal.com/harborline/30min", "https://savvycal.com/harborline/call"]) {
    const url = prefilledBookingUrl(page, applicant);
    expect(url).toContain("metadata[reference]=HL-7K3M9QPX");
    expect(query(url)).toMatchObject({ name: "Ada Okafor-Smith", "metadata[reference]": "HL-7K3M9QPX" });
  }
});

test("HubSpot's scheduling page gets first and last name apart, and no reference it would drop", () => {
  expect(query(prefilledBookingUrl("https://meetings.hubspot.com/dana-reyes", applicant))).toEqual({
    firstname: "Ada",
    lastname: "Okafor-Smith",
    email: "ada+funding@northwind.example",
  });
});

test("keeps the page's own parameters and fragment, and replaces a prefill it already had", () => {
  const url = prefilledBookingUrl(
    "https://calendly.com/harborline/consultation?hide_gdpr_banner=1&name=Someone%20Else#top",
    applicant,
  );
  const parsed = new URL(url);
  expect(parsed.hash).toBe("#top");
  expect(parsed.searchParams.getAll("name")).toEqual(["Ada Okafor-Smith"]);
  expect(parsed.searchParams.get("hide_gdpr_banner")).toBe("1");
});

test("leaves out a missing reference, and trims what was typed", () => {
  const url = prefilledBookingUrl("https://book.example.test/", {
    firstName: " Ada ",
    lastName: "Okafor ",
    email: " ada@northwind.example ",
    reference: null,
  });
  expect(query(url)).toEqual({ name: "Ada Okafor", email: "ada@northwind.example" });
});

test("an empty or broken booking URL comes back as it was", () => {
  expect(prefilledBookingUrl("", applicant)).toBe("");
  expect(prefilledBookingUrl("not a url", applicant)).toBe("not a url");
});

test("a host that only ends like a known service is another service", () => {
  expect(query(prefilledBookingUrl("https://notcalendly.com/x", applicant))).toHaveProperty("reference");
});
