import { defineMailFaultSuite } from "./mail-scenarios";

defineMailFaultSuite("pglite");
