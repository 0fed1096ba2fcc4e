// The results table: each figure next to its budget, as aligned text and as markdown.

export type Comparison = "<=" | ">=" | "=";

export interface Budget {
  op: Comparison;
  limit: number;
}

export interface Row {
  section: string;
  metric: string;
  /** In `unit`; undefined when the measurement failed or was skipped. */
  value?: number;
  unit: string;
  /** Decimals shown (and compared: a CLS of 0.0004 shows and passes as 0.000). */
  digits?: number;
  budget?: Budget;
  note?: string;
  skipped?: boolean;
}

export type Status = "ok" | "MISS" | "error" | "skipped" | "";

export function statusOf(row: Row): Status {
  if (row.skipped) return "skipped";
  if (row.value === undefined || Number.isNaN(row.value)) return "error";
  if (!row.budget) return "";
  const value = Number(row.value.toFixed(row.digits ?? 0));
  const { op, limit } = row.budget;
  const pass = op === "<=" ? value <= limit : op === ">=" ? value >= limit : value === limit;
  return pass ? "ok" : "MISS";
}

/** Rows that make `npm run bench` exit non-zero: missed budgets and failed measurements. */
export function failures(rows: Row[]): Row[] {
  return rows.filter((row) => {
    const status = statusOf(row);
    return status === "MISS" || status === "error";
  });
}

function formatValue(row: Row): string {
  if (row.skipped) return "skipped";
  if (row.value === undefined || Number.isNaN(row.value)) return "error";
  return `${row.value.toFixed(row.digits ?? 0)}${row.unit ? ` ${row.unit}` : ""}`;
}

function formatBudget(row: Row): string {
  if (!row.budget) return "—";
  const op = row.budget.op === "<=" ? "≤" : row.budget.op === ">=" ? "≥" : "=";
  return `${op} ${row.budget.limit}${row.unit ? ` ${row.unit}` : ""}`;
}

const HEADERS = ["section", "metric", "value", "budget", "status", "note"];

function cells(row: Row): string[] {
  return [
    row.section,
    row.metric,
    formatValue(row),
    formatBudget(row),
    statusOf(row),
    row.note ?? "",
  ];
}

export function renderText(rows: Row[]): string {
  const body = rows.map(cells);
  const widths = HEADERS.map((header, i) =>
    Math.max(header.length, ...body.map((line) => (line[i] ?? "").length)),
  );
  const line = (values: string[]) =>
    values
      .map((value, i) => value.padEnd(widths[i] ?? 0))
      .join("  ")
      .trimEnd();
  return [line(HEADERS), line(widths.map((w) => "-".repeat(w))), ...body.map(line)].join("\n");
}

export function renderMarkdown(rows: Row[]): string {
  const escapeCell = (value: string) => value.replaceAll("|", "\\|");
  const line = (values: string[]) => `| ${values.map(escapeCell).join(" | ")} |`;
  return [
    line(HEADERS),
    line(HEADERS.map(() => "---")),
    ...rows.map((row) => line(cells(row))),
  ].join("\n");
}
