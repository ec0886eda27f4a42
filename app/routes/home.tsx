import { siteFacts } from "~/content/site-facts";
import { pageMeta } from "~/seo/meta";

export const meta = () =>
  pageMeta({ title: `${siteFacts.brand}: Non-dilutive business funding`, description: siteFacts.description, path: "/" });

export default function Home() {
  return <h1>Scale your business without limits</h1>;
}
