/**
 * The kinds of document the room asks for, in the applicant's words: what the
 * checklist's items are called and the line that says what to send. Shared by
 * the room, the desk and the server; no validation library here, so the room's
 * page script stays small.
 */
export const DOCUMENT_KINDS = [
  "bank-statement",
  "voided-check",
  "government-id",
  "business-tax-return",
  "personal-tax-return",
  "interim-financials",
  "debt-schedule",
  "sba-form-1919",
  "sba-form-413",
  "irs-form-4506-c",
  "purchase-agreement",
  "rent-roll",
  "property-operating-statement",
  "appraisal",
  "equipment-quote",
  "receivables-aging",
  "payables-aging",
  "inventory-report",
  "cap-table",
  "investor-update",
  "requested",
] as const;

export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

export interface DocumentKindCopy {
  /** The item's name; a slot adds its month, year or owner ("Business bank statement: March 2026"). */
  label: string;
  /** What to send, in a sentence. */
  hint: string;
}

export const DOCUMENT_KIND_COPY: Record<DocumentKind, DocumentKindCopy> = {
  "bank-statement": {
    label: "Business bank statement",
    hint: "The statement for the month, every page, as your bank issues it (download the PDF from online banking).",
  },
  "voided-check": {
    label: "Voided business check",
    hint: "A check from the business account with VOID written across it, or a letter from your bank with the account and routing numbers.",
  },
  "government-id": {
    label: "Photo ID",
    hint: "A driver's license or passport of each person who owns 20% or more of the business; a clear photo of the front is enough.",
  },
  "business-tax-return": {
    label: "Business tax return",
    hint: "The federal return the business filed for the year (Form 1120, 1120-S, 1065, or Schedule C), with all schedules.",
  },
  "personal-tax-return": {
    label: "Personal tax return",
    hint: "The owner's federal Form 1040 for the year, with all schedules.",
  },
  "interim-financials": {
    label: "Year-to-date profit and loss statement and balance sheet",
    hint: "This year's figures so far, from your accounting software or your accountant.",
  },
  "debt-schedule": {
    label: "Business debt schedule",
    hint: "A list of what the business owes today: each lender, the balance, the payment and when it ends.",
  },
  "sba-form-1919": {
    label: "SBA Form 1919 (Borrower Information Form)",
    hint: "Signed, with Section II completed by each owner of 20% or more.",
  },
  "sba-form-413": {
    label: "SBA Form 413 (Personal Financial Statement)",
    hint: "Completed and signed by the owner.",
  },
  "irs-form-4506-c": {
    label: "IRS Form 4506-C",
    hint: "Signed for the business, so the lender can check its tax returns with the IRS.",
  },
  "purchase-agreement": {
    label: "Purchase agreement or mortgage statement",
    hint: "The signed purchase agreement for a purchase, or the current mortgage statement for a refinance.",
  },
  "rent-roll": {
    label: "Rent roll",
    hint: "Each unit or tenant, the rent, and when the lease ends.",
  },
  "property-operating-statement": {
    label: "Property operating statement",
    hint: "The property's income and expenses for the year.",
  },
  appraisal: {
    label: "Appraisal",
    hint: "A recent appraisal of the property, if you have one. If not, say so: the lender orders one.",
  },
  "equipment-quote": {
    label: "Equipment quote",
    hint: "The seller's quote or invoice for the equipment, with its price.",
  },
  "receivables-aging": {
    label: "Accounts receivable aging",
    hint: "What customers owe the business, by how long it has been due, as of this month.",
  },
  "payables-aging": {
    label: "Accounts payable aging",
    hint: "What the business owes its suppliers, by how long it has been due, as of this month.",
  },
  "inventory-report": {
    label: "Inventory report",
    hint: "The stock on hand and its value, as of this month.",
  },
  "cap-table": {
    label: "Cap table",
    hint: "Who owns the company's shares and options today.",
  },
  "investor-update": {
    label: "Latest investor update",
    hint: "The most recent update or board deck sent to your investors.",
  },
  requested: {
    label: "Requested document",
    hint: "A document our team asked for.",
  },
};
