/**
 * The client's details and their answers to the session type's questions, as the held page's
 * form sends them, checked against the questions as the owner set them: what is required is
 * there, a choice is one of the owner's, a date is a date, nothing is longer than it may be.
 */

import { type Phrase, phrase } from "../../shared/i18n/messages.ts";
import { isEmailAddress, normalizeName } from "../../shared/inquiries.ts";
import type { Question } from "./offer.ts";

export const MAX_NAME = 100;
export const MAX_ANSWER = 2_000;

/** What the client gave: their name and e-mail, and an answer per question answered. */
export interface Details {
  name: string;
  email: string;
  answers: Record<string, string>;
}

/** A field's name in the form: "name", "email", or "q-{question's id}". */
export const answerField = (question: Question) => `q-${question.id}`;

export type Checked =
  | { details: Details }
  | { values: Record<string, string>; errors: Record<string, Phrase> };

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function isDate(value: string): boolean {
  const match = DATE.exec(value);
  if (!match) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

function problemOf(question: Question, value: string): Phrase | undefined {
  if (value === "") return question.required ? phrase("booking.answer.required") : undefined;
  if (value.length > MAX_ANSWER) return phrase("booking.answer.tooLong", { max: MAX_ANSWER });
  if (question.kind === "choice" && !question.choices.includes(value)) {
    return phrase("booking.answer.choice");
  }
  if (question.kind === "yesno" && value !== "yes" && value !== "no") {
    return phrase("booking.answer.choice");
  }
  if (question.kind === "date" && !isDate(value)) return phrase("booking.answer.date");
  return undefined;
}

/** The form's details, or each field's problem with what was sent (to show it again). */
export function checkDetails(form: URLSearchParams, questions: readonly Question[]): Checked {
  const text = (field: string) => (form.get(field) ?? "").trim();
  // The name is filled into the contract and the invoices: one line, so it can add no paragraph
  // of its own to what the client signs, and no invisible character turns the owner's text around.
  const values: Record<string, string> = {
    name: normalizeName(form.get("name") ?? ""),
    email: text("email"),
  };
  const errors: Record<string, Phrase> = {};
  if (values.name === "") errors.name = phrase("booking.answer.required");
  else if ((values.name ?? "").length > MAX_NAME) {
    errors.name = phrase("booking.answer.tooLong", { max: MAX_NAME });
  }
  if (!isEmailAddress(values.email ?? "")) errors.email = phrase("booking.answer.email");
  const answers: Record<string, string> = {};
  for (const question of questions) {
    const field = answerField(question);
    const value = text(field);
    values[field] = value;
    const problem = problemOf(question, value);
    if (problem) errors[field] = problem;
    else if (value !== "") answers[question.id] = value;
  }
  if (Object.keys(errors).length > 0) return { values, errors };
  return { details: { name: values.name ?? "", email: values.email ?? "", answers } };
}
