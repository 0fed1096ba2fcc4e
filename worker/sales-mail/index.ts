// The e-mails that bring buyers back (docs/store.md): what other features use to plan theirs and
// credit a sale, the entry's schedule and the addresses in the e-mails.
export { CREDIT_WINDOW_MS, type SalesMail, salesMails } from "./ledger.ts";
export { salesMailRoutes } from "./routes.tsx";
export {
  beforeTheEvening,
  type Composed,
  type Composer,
  dateIn,
  nextMorning,
  sendDueMails,
  sensibleHour,
} from "./send.ts";
