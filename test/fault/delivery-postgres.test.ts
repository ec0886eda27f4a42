import { defineFaultSuite } from "./delivery-scenarios";

defineFaultSuite("postgres");
