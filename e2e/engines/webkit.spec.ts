// The public pages' engine-sensitive behaviours in WebKitGTK, Safari's engine (e2e/engines/behaviours.ts).
import { launchWebKit } from "../support/webkit";
import { defineEngineTests } from "./behaviours";

// Under WebKitWebDriver the page script had not yet let WebKit skip the far sections seconds after
// the load: the links are followed as soon as the page is ready.
defineEngineTests({ launch: launchWebKit, skipsOffscreen: false });
