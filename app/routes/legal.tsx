import { data } from "react-router";
import { findLegalDocumentByPath } from "~/content/legal";
import { LegalDocument } from "~/features/legal/legal-document";
import { pageMeta } from "~/seo/meta";
import type { Route } from "./+types/legal";

// One module serves the three legal routes (ids legal/<slug> in routes.ts); the
// path picks the document. The loader runs at build time only (the pages are
// prerendered), so each page carries its own text in its HTML and none of the
// three texts is in the route's JavaScript.
export function loader({ request }: Route.LoaderArgs) {
  const doc = findLegalDocumentByPath(new URL(request.url).pathname);
  if (!doc) throw data(null, { status: 404 });
  return doc;
}

export function meta({ loaderData: doc }: Route.MetaArgs) {
  if (!doc) return [];
  return pageMeta({ ...doc.seo, path: `/${doc.slug}` });
}

export default function Legal({ loaderData: doc }: Route.ComponentProps) {
  return <LegalDocument key={doc.slug} document={doc} />;
}
