import { expect, test } from "vitest";
import { prefilledBookingUrl, type BookingPrefill } from "./booking-prefill";

const applicant: BookingPrefill = {
  firstName: "Ada",
  lastName: "Okafor-Smith",
  email: "ada+funding@northwind.example",
  reference: "HL-7K3M9QPX",
  bookingToken: "q7Xv2Lm9Pz4Kd8Rt1Wb6Ns3J",
};

const query = (url: string) => Object.fromEntries(new URL(url).searchParams);

test("any booking page gets the name, the e-mail and the booking token in plain parameters, never the reference", () => {
  const url = prefilledBookingUrl("https://book.example.test/harborline", applicant);
  expect(url).toBe(
    "https://book.example.test/harborline?name=Ada%20Okafor-Smith&email=ada%2Bfunding%40northwind.example&bookingToken=q7Xv2Lm9Pz4Kd8Rt1Wb6Ns3J",
  );
  // Read back as any service parses a query: the "+" in the address survives.
  expect(query(url)).toEqual({
    name: "Ada Okafor-Smith",
    email: "ada+funding@northwind.example",
    bookingToken: "q7Xv2Lm9Pz4Kd8Rt1Wb6Ns3J",
  });
});

test("Calendly gets name and email, and the booking token in utm_content, which its webhook returns", () => {
  expect(query(prefilledBookingUrl("https://calendly.com/harborline/consultation", applicant))).toEqual({
    name: "Ada Okafor-Smith",
    email: "ada+funding@northwind.example",
    utm_content: "q7Xv2Lm9Pz4Kd8Rt1Wb6Ns3J",
  });
});

test("Cal.com and SavvyCal get the booking token as metadata", () => {
  for (const page of ["https://cal.com/harborline/30min", "https://savvycal.com/harborline/call"]) {
    const url = prefilledBookingUrl(page, applicant);
    expect(url).toContain("metadata[bookingToken]=q7Xv2Lm9Pz4Kd8Rt1Wb6Ns3J");
    expect(query(url)).toMatchObject({
      name: "Ada Okafor-Smith",
      "metadata[bookingToken]": "q7Xv2Lm9Pz4Kd8Rt1Wb6Ns3J",
    });
    expect(url).not.toContain("HL-7K3M9QPX");
  }
});

test("HubSpot's scheduling page gets first and last name apart, and no token it would drop", () => {
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

test("leaves out a missing booking token, and trims what was typed", () => {
  const url = prefilledBookingUrl("https://book.example.test/", {
    firstName: " Ada ",
    lastName: "Okafor ",
    email: " ada@northwind.example ",
    reference: null,
    bookingToken: null,
  });
  expect(query(url)).toEqual({ name: "Ada Okafor", email: "ada@northwind.example" });
});

test("an empty or broken booking URL comes back as it was", () => {
  expect(prefilledBookingUrl("", applicant)).toBe("");
  expect(prefilledBookingUrl("not a url", applicant)).toBe("not a url");
});

test("a host that only ends like a known service is another service", () => {
  expect(query(prefilledBookingUrl("https://notcalendly.com/x", applicant))).toHaveProperty("bookingToken");
});
