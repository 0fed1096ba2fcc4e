import { afterEach } from "vitest";
import { resetFaults } from "./harness.ts";

// Every test starts with the fault stand-in forwarding to the demo content service.
afterEach(resetFaults);
