import { defineFaultSuite } from "./scenarios";

defineFaultSuite("postgres");
