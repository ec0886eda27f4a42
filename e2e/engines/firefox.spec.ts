// The public pages' engine-sensitive behaviours in Firefox ESR (e2e/engines/behaviours.ts).
import { launchFirefox } from "../support/firefox";
import { defineEngineTests } from "./behaviours";

defineEngineTests({ launch: launchFirefox, skipsOffscreen: true });
