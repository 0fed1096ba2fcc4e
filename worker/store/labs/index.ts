import type { StoreKeys } from "../../config/config.ts";
import type { Lab } from "./lab.ts";
import { prodigi } from "./prodigi.ts";

export {
  type Lab,
  type LabNews,
  type LabOrderRequest,
  LabRefusal,
  type LabStage,
} from "./lab.ts";

/** The store's lab: Prodigi when its key is set, else none (lab prints wait for the owner). */
export function labFor(keys: StoreKeys): Lab | undefined {
  return keys.lab ? prodigi(keys.lab) : undefined;
}
