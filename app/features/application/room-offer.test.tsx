// @vitest-environment jsdom
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { RoomOffer, firstDocuments } from "./room-offer";

const LINK = "https://harborline.example/documents/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-AbCdE";

describe("the success screen's link to the document room", () => {
  it("links to the application's room, says what to send first, and takes focus when asked", () => {
    render(<RoomOffer roomLink={LINK} fundingType="strategic-financing" focus />);
    expect(screen.getByRole("heading", { name: "Next: send your documents" })).toHaveFocus();
    const link = screen.getByRole("link", { name: "Open your document room" });
    expect(link).toHaveAttribute("href", LINK);
    expect(link).toHaveAttribute("rel", "noreferrer");
    expect(screen.getByText("Business tax return, Business bank statement and Photo ID")).toBeVisible();
  });

  it("leaves focus where it is beside the booking offer", () => {
    render(<RoomOffer roomLink={LINK} fundingType="revenue-based" focus={false} />);
    expect(screen.getByRole("heading", { name: "Next: send your documents" })).not.toHaveFocus();
  });

  it("names the funding type's first documents, or none for a type it does not know", () => {
    expect(firstDocuments("other")).toBe("Business bank statement, Voided business check and Photo ID");
    expect(firstDocuments("no-such-type")).toBe("");
  });
});
