/**
 * The second-factor challenges the authentication library opens after a right
 * password: rows of `desk_verification` named `2fa-<random>` whose value is the
 * user's id, each with a `2fa-attempts-<name>` row counting its wrong codes.
 * An account has at most one live challenge: opening one ends the others, so
 * a stolen password cannot open many challenges to spread code guesses over.
 */
import type { Store } from "../store/store";

/**
 * Ends every challenge of the same user but the one this pending cookie holds
 * (the cookie's value is `<challenge name>.<signature>`). Two sign-ins racing
 * can end each other's challenges, never keep both.
 */
export async function endOtherChallenges(store: Store, pendingCookie: string): Promise<void> {
  const name = pendingCookie.split(".")[0];
  await store.query(
    `WITH mine AS (
       SELECT value AS user_id FROM desk_verification WHERE identifier = $1
     ), ended AS (
       DELETE FROM desk_verification v USING mine
       WHERE v.value = mine.user_id AND v.identifier LIKE '2fa-%'
         AND v.identifier NOT LIKE '2fa-attempts-%' AND v.identifier <> $1
       RETURNING v.identifier
     )
     DELETE FROM desk_verification WHERE identifier IN (SELECT '2fa-attempts-' || identifier FROM ended)`,
    [name],
  );
}
