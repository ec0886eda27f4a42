import { defineFaultSuite } from "./scenarios";

defineFaultSuite("pglite");
