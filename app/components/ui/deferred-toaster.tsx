import { lazy, Suspense, useEffect, useState } from "react";

const Toaster = lazy(() => import("./sonner").then((module) => ({ default: module.Toaster })));

/**
 * Mounts the toast region once the page is idle: no toast can fire before the
 * visitor submits something, so its code stays out of the first load.
 */
export function DeferredToaster() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if ("requestIdleCallback" in window) {
      const handle = window.requestIdleCallback(() => setReady(true), { timeout: 3000 });
      return () => window.cancelIdleCallback(handle);
    }
    const handle = setTimeout(() => setReady(true), 1500);
    return () => clearTimeout(handle);
  }, []);
  if (!ready) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
