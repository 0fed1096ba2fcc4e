/**
 * The contact form's script: the form works without it (the worker checks every submission
 * with the same rules and answers 422 with each problem at its field); with it, those rules
 * run while the visitor types, and the form gets its fill-time stamp. Plain DOM in its own
 * small file, loaded by the entry only on pages with the form (its entry in shared/modules.ts).
 */
import {
  checkField,
  FIELD,
  type Problem,
  VISIBLE_FIELDS,
  type VisibleField,
} from "../../shared/inquiries.ts";
import { messagesFor } from "../runtime/messages.ts";

const { t, phrase } = messagesFor("inquiry-form");

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

const SUMMARY_ID = "inquiry-errors";
const SENDING_MS = 10_000;

function control(form: HTMLFormElement, field: VisibleField): Control | null {
  const element = form.elements.namedItem(FIELD[field]);
  return element instanceof HTMLInputElement ||
    element instanceof HTMLSelectElement ||
    element instanceof HTMLTextAreaElement
    ? element
    : null;
}

/** Shows (or clears) one field's problem, exactly where the server would. */
function show(form: HTMLFormElement, field: VisibleField): Problem | undefined {
  const input = control(form, field);
  if (!input) return undefined;
  const problem = checkField(field, input.value);
  const output = form.querySelector(`[data-error-for="${field}"]`);
  if (output) output.textContent = problem ? phrase(problem) : "";
  if (problem) input.setAttribute("aria-invalid", "true");
  else input.removeAttribute("aria-invalid");
  return problem;
}

/** The summary above the form, as the server renders it, listing `problems`; it takes focus. */
function summarize(form: HTMLFormElement, problems: [VisibleField, Problem][]): void {
  document.getElementById(SUMMARY_ID)?.remove();
  const summary = document.createElement("div");
  summary.id = SUMMARY_ID;
  summary.tabIndex = -1;
  summary.setAttribute("role", "alert");
  summary.setAttribute("aria-labelledby", `${SUMMARY_ID}-title`);
  summary.className =
    "focus-ring mt-6 rounded-md border-2 border-red-700 bg-red-50 px-4 py-3 text-red-950 dark:border-red-400 dark:bg-red-950 dark:text-red-50";
  const title = document.createElement("p");
  title.id = `${SUMMARY_ID}-title`;
  title.className = "font-semibold";
  title.textContent = t("contact.correct", { count: problems.length });
  const list = document.createElement("ul");
  list.className = "mt-2 list-disc ps-5";
  for (const [field, problem] of problems) {
    const link = document.createElement("a");
    link.href = `#inquiry-${field}`;
    link.className = "focus-ring rounded-sm underline";
    link.textContent = phrase(problem);
    const item = document.createElement("li");
    item.append(link);
    list.append(item);
  }
  summary.append(title, list);
  form.before(summary);
  summary.focus();
}

/** Asks the worker for the signed "opened now" the minimum fill time is measured from. */
async function fillStamp(form: HTMLFormElement): Promise<void> {
  const input = form.elements.namedItem(FIELD.started);
  const url = form.dataset.stamp;
  if (!(input instanceof HTMLInputElement) || !url || input.value) return;
  try {
    const res = await fetch(url, { cache: "no-store", credentials: "same-origin" });
    const answer = (await res.json()) as { stamp?: unknown };
    if (res.ok && typeof answer.stamp === "string") input.value = answer.stamp;
  } catch {
    // Without a stamp the form still works: the worker judges it as it does without script.
  }
}

function enhance(form: HTMLFormElement): void {
  // These rules, not the browser's, decide (the browser's would word them differently).
  form.noValidate = true;
  void fillStamp(form);
  const touched = new Set<VisibleField>();
  // Pressing Send takes the focus from the field being typed in: if its problem appeared now,
  // the text would push the button down between press and release, and the click would be
  // lost. Send shows every problem itself.
  let pressingSend = false;
  form.addEventListener("pointerdown", (event) => {
    pressingSend = event.target instanceof Element && event.target.closest("button") !== null;
  });
  const released = () => setTimeout(() => (pressingSend = false));
  form.addEventListener("pointerup", released);
  form.addEventListener("pointercancel", released);
  for (const field of VISIBLE_FIELDS) {
    const input = control(form, field);
    if (!input) continue;
    // A field is judged once the visitor has left it, then again at every keystroke.
    input.addEventListener("blur", () => {
      if (pressingSend) return;
      if (input.value !== "" || touched.has(field)) {
        touched.add(field);
        show(form, field);
      }
    });
    input.addEventListener("input", () => {
      if (touched.has(field)) show(form, field);
    });
  }
  // One click, one message: a second Send while the first is on its way does nothing. For a
  // while only: a send the visitor stopped, or that broke off, leaves them on this page (or
  // brings them back to it from the browser's cache) to press Send again.
  let sentAt = Number.NEGATIVE_INFINITY;
  const sending = () => performance.now() - sentAt < SENDING_MS;
  window.addEventListener("pageshow", () => {
    sentAt = Number.NEGATIVE_INFINITY;
  });
  form.addEventListener("submit", (event) => {
    const problems = VISIBLE_FIELDS.flatMap((field): [VisibleField, Problem][] => {
      touched.add(field);
      const problem = show(form, field);
      return problem ? [[field, problem]] : [];
    });
    if (problems.length > 0 || sending()) {
      event.preventDefault();
      if (problems.length > 0) summarize(form, problems);
      return;
    }
    sentAt = performance.now();
    document.getElementById(SUMMARY_ID)?.remove();
  });
}

const form = document.querySelector<HTMLFormElement>("form[data-inquiry-form]");
if (form) enhance(form);
