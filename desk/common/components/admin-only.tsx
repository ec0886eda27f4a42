import type { ReactNode } from "react";
import { useMe } from "./layout";
import { PageHeader, useDocumentTitle } from "./page";

/** Admin pages say so to staff (the server refuses their calls anyway). */
export function AdminOnly({ children }: { children: ReactNode }) {
  const me = useMe();
  if (me.role === "admin") return children;
  return <NotAllowed />;
}

function NotAllowed() {
  useDocumentTitle("Not allowed");
  return (
    <PageHeader
      title="Not allowed"
      description="Only admins can use this page. Ask an admin if you need it."
    />
  );
}
