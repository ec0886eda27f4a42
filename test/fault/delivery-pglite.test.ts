import { defineFaultSuite } from "./delivery-scenarios";

defineFaultSuite("pglite");
