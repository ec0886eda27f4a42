import { defineMailFaultSuite } from "./mail-scenarios";

defineMailFaultSuite("postgres");
