import { Link } from "react-router";
import { buttonVariants } from "#ui/button";
import { PageHeader, useDocumentTitle } from "./components/page";

export function NotFoundPage() {
  useDocumentTitle("Not found");
  return (
    <>
      <PageHeader title="Not found" description="The desk has no page at this address." />
      <div>
        <Link to="/inbox" className={buttonVariants({ variant: "outline" })}>
          Go to the inbox
        </Link>
      </div>
    </>
  );
}
