import { useCallback, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { asApiError, type ApiError, isSignedOut } from "../api/client";
import { signInPath } from "./session";

/**
 * Runs one server call for a button or form: tracks whether it is under way,
 * keeps its error for the screen, and sends a signed-out user to sign in.
 * `run` resolves to the call's result, or undefined when it failed.
 */
export function useAction() {
  const navigate = useNavigate();
  const location = useLocation();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);

  const run = useCallback(
    async <T>(call: () => Promise<T>): Promise<T | undefined> => {
      setPending(true);
      setError(null);
      try {
        return await call();
      } catch (caught) {
        if (isSignedOut(caught)) {
          navigate(signInPath(location.pathname + location.search), { replace: true });
        } else {
          setError(asApiError(caught));
        }
        return undefined;
      } finally {
        setPending(false);
      }
    },
    [navigate, location.pathname, location.search],
  );

  return { run, pending, error, setError };
}
