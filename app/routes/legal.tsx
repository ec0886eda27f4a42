import { data, useLocation } from "react-router";
import { findLegalDocumentByPath } from "~/content/legal";
import { LegalDocument } from "~/features/legal/legal-document";
import { pageMeta } from "~/seo/meta";
import type { Route } from "./+types/legal";

// One module serves the three legal routes (ids legal/<slug> in routes.ts); the path picks the document.
export function meta({ location }: Route.MetaArgs) {
  const doc = findLegalDocumentByPath(location.pathname);
  if (!doc) return [];
  return pageMeta({ title: doc.seo.title, description: doc.seo.description, path: `/${doc.slug}` });
}

export default function Legal() {
  const { pathname } = useLocation();
  const doc = findLegalDocumentByPath(pathname);
  if (!doc) throw data(null, { status: 404 });
  return <LegalDocument key={doc.slug} document={doc} />;
}
