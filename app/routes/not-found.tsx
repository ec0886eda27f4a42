import { buttonVariants } from "#ui/button";
import { siteFacts } from "#domain/site-facts";
import { pageMeta } from "~/seo/meta";

export const meta = () =>
  pageMeta({
    title: `Page not found | ${siteFacts.brand}`,
    description:
      "The page you were looking for does not exist. Return to the home page to explore our funding options.",
    path: "/404",
    noindex: true,
  });

export default function NotFound() {
  // The server answers every unknown path with this page; the page script
  // (app/page/not-found.ts) logs the path the visitor asked for.
  return (
    <section
      data-not-found=""
      className="mx-auto flex min-h-[60vh] max-w-2xl flex-col items-center justify-center gap-6 px-6 py-24 text-center"
    >
      <p className="text-6xl font-bold tracking-tight text-primary">404</p>
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Oops! Page not found</h1>
      <p className="text-lg text-muted-foreground">
        The page you are looking for has moved or never existed. Our funding options are one click away.
      </p>
      <a className={buttonVariants({ size: "lg" })} href="/">
        Return to Home
      </a>
    </section>
  );
}
