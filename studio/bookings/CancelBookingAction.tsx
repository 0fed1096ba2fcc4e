/**
 * The booking's "Cancel booking" action (docs/booking.md, "Cancelling"): the owner says who
 * cancels, and the action writes that request into the booking's copy. The copy's change reaches
 * the site through the publish webhook, and the site does the rest: the refund through Stripe
 * (by the cancellation policy when the client cancels, in full when the owner does), the time
 * freed, the reminders stopped, the client told, and this copy marked cancelled. The Studio
 * never touches Stripe or the site's record itself.
 */
import { useState } from "react";
import { type DocumentActionComponent, useClient } from "sanity";
import { CANCELLED_BY } from "../schema/documents/booking";
import { ask } from "./ask";

type By = "client" | "owner";

export const CancelBookingAction: DocumentActionComponent = ({ id, published, onComplete }) => {
  const client = useClient({ apiVersion: "2025-02-19" });
  const [open, setOpen] = useState(false);
  const [by, setBy] = useState<By>("client");
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  const status = published?.status;
  const asked = Boolean(published?.cancel);
  return {
    label: asked ? "Cancellation asked" : "Cancel booking",
    tone: "critical",
    disabled: status !== "booked" || asked || busy,
    title:
      status === "booked"
        ? "Cancel this booking: refund by your policy or in full, free the time, tell the client"
        : "Only a booked session can be cancelled",
    onHandle: () => setOpen(true),
    dialog: open && {
      type: "dialog",
      header: "Cancel this booking?",
      onClose: () => {
        setOpen(false);
        onComplete();
      },
      content: (
        <form
          onSubmit={async (event) => {
            event.preventDefault();
            setBusy(true);
            const failed = await ask(() =>
              client
                .patch(id)
                .set({ cancel: { by, requestedAt: new Date().toISOString() } })
                .commit(),
            );
            setBusy(false);
            setProblem(failed);
            if (failed) return;
            setOpen(false);
            onComplete();
          }}
        >
          {problem && <p role="alert">{problem}</p>}
          {CANCELLED_BY.map((option) => (
            <p key={option.value}>
              <label>
                <input
                  type="radio"
                  name="by"
                  value={option.value}
                  checked={by === option.value}
                  onChange={() => setBy(option.value as By)}
                />{" "}
                {option.title}
              </label>
            </p>
          ))}
          <p>
            The site refunds through Stripe, frees the time and e-mails the client. This cannot be
            undone.
          </p>
          <button type="submit" disabled={busy}>
            Cancel the booking
          </button>
        </form>
      ),
    },
  };
};
