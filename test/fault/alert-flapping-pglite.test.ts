import { defineAlertFlappingSuite } from "./alert-flapping-scenarios";

defineAlertFlappingSuite("pglite");
