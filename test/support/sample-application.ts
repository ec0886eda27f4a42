import type { FundingApplication } from "#domain/application/schema";

/**
 * A complete, valid application: the one fixture that schema tests, server
 * tests, fault tests and benchmarks start from (and override field by field).
 */
export const sampleApplication: FundingApplication = {
  companyName: "Acme Robotics",
  industry: "technology",
  annualRevenue: "1m-5m",
  yearsInBusiness: "2-5",
  businessDescription: "We build warehouse robots.",
  fundingType: "revenue-based",
  fundingAmount: "250000",
  fundingPurpose: "expansion",
  timeframe: "1-month",
  firstName: "Ada",
  lastName: "Lovelace",
  email: "ada@example.com",
  phone: "+1 212 555 0100",
  title: "CEO",
  creditScore: "700-750",
  smsConsent: true,
};
