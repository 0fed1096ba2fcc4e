/**
 * The booking's "Move booking" action (docs/booking.md, "Moving"): the owner gives the new start
 * (on their computer's clock), and the action writes it into the booking's copy. The copy's
 * change reaches the site through the publish webhook, and the site does the rest: the calendar
 * moves the time unless another booking keeps it, the reminders follow, the client gets the new
 * invitation, and this copy says what came of it ("The last move").
 */
import { useState } from "react";
import { type DocumentActionComponent, useClient } from "sanity";
import { ask } from "./ask";

export const MoveBookingAction: DocumentActionComponent = ({ id, published, onComplete }) => {
  const client = useClient({ apiVersion: "2025-02-19" });
  const [open, setOpen] = useState(false);
  const [to, setTo] = useState("");
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  const booked = published?.status === "booked";
  const close = () => {
    setOpen(false);
    onComplete();
  };
  return {
    label: "Move booking",
    disabled: !booked || Boolean(published?.move) || busy,
    title: booked
      ? "Move this session to another time and send the client the new invitation"
      : "Only a booked session can be moved",
    onHandle: () => setOpen(true),
    dialog: open && {
      type: "dialog",
      header: "Move this booking to…",
      onClose: close,
      content: (
        <form
          onSubmit={async (event) => {
            event.preventDefault();
            const start = new Date(to);
            if (Number.isNaN(start.getTime())) return;
            setBusy(true);
            const failed = await ask(() =>
              client
                .patch(id)
                .set({ move: { to: start.toISOString(), requestedAt: new Date().toISOString() } })
                .commit(),
            );
            setBusy(false);
            setProblem(failed);
            if (!failed) close();
          }}
        >
          {problem && <p role="alert">{problem}</p>}
          <p>
            <label>
              New start (your computer's time){" "}
              <input
                type="datetime-local"
                required
                value={to}
                onChange={(event) => setTo(event.currentTarget.value)}
              />
            </label>
          </p>
          <p>
            The session keeps its length and buffers. The site moves it unless another booking keeps
            that time, plans the reminders again and e-mails the client the new invitation.
          </p>
          <button type="submit" disabled={busy || !to}>
            Move the booking
          </button>
        </form>
      ),
    },
  };
};
