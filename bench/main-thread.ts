// What a page asks of the main thread after its first paint, read from a Lighthouse trace.
// Lighthouse's default (simulated) throttling records the page unthrottled and multiplies
// afterwards, so the trace's task durations are this machine's own: the budget for one task
// is 12 ms here, 50 ms (a "long task") on Lighthouse's phone, which is 4× slower.
import type { Trace } from "lighthouse";
import {
  MainThreadTasks,
  type TaskNode,
} from "lighthouse/core/lib/tracehouse/main-thread-tasks.js";
import { TraceProcessor } from "lighthouse/core/lib/tracehouse/trace-processor.js";

/** One top-level task after the first paint: how long it took and what it spent most on. */
export interface TaskSummary {
  /** Milliseconds from the navigation's start. */
  start: number;
  duration: number;
  /** What took most of its time, e.g. "script entry-AbC.js" or "style & layout". */
  source: string;
}

export interface AfterPaint {
  /** The longest top-level task that started after the first contentful paint. */
  longest: TaskSummary | undefined;
  /** The sum of the durations of all top-level tasks after the first contentful paint. */
  total: number;
  /** That sum by source, largest first. */
  bySource: { source: string; time: number }[];
}

/** What `sourceOf` reads of a task and, recursively, of its children. */
export interface TaskTree {
  event: { name: string };
  selfTime: number;
  group: { id: string };
  attributableURLs: string[];
  children: TaskTree[];
}

/** Lighthouse's task groups, as a reader of the table names them. */
const GROUP_NAMES: Record<string, string> = {
  parseHTML: "HTML & CSS parsing",
  styleLayout: "style & layout",
  paintCompositeRender: "paint & compositing",
  scriptParseCompile: "script compile",
  scriptEvaluation: "script",
  garbageCollection: "garbage collection",
  other: "other (browser)",
};

/**
 * Browser work Lighthouse files under "other" that is worth telling apart: the main thread
 * handing a frame to the compositor waits there while the raster threads are busy (decoding
 * photographs, on two cores).
 */
const OTHER_NAMES: Record<string, string> = {
  Commit: "compositor commit",
  Layerize: "compositor commit",
};

/** A script's address as the table shows it: its file name (`entry-AbC.js`), or "inline". */
function scriptName(url: string | undefined): string {
  if (!url) return "";
  try {
    const { pathname } = new URL(url);
    return pathname.split("/").filter(Boolean).at(-1) ?? url;
  } catch {
    return url;
  }
}

/**
 * What a task spent most of its time on: its own and its descendants' self time, summed per
 * group and, for script work, per script. Script work names its script (the first one the
 * task can be attributed to), so "script entry-AbC.js" and "script compile react-AbC.js" are
 * told apart from rendering steps.
 */
export function sourceOf(task: TaskTree): string {
  const times = new Map<string, number>();
  const visit = (node: TaskTree) => {
    const group = node.group.id;
    const name = OTHER_NAMES[node.event.name] ?? GROUP_NAMES[group] ?? group;
    const script =
      group === "scriptEvaluation" || group === "scriptParseCompile"
        ? scriptName(node.attributableURLs[0])
        : "";
    const key = script ? `${name} ${script}` : name;
    times.set(key, (times.get(key) ?? 0) + node.selfTime);
    for (const child of node.children) visit(child);
  };
  visit(task);
  let best = "";
  let most = -1;
  for (const [key, time] of times) {
    if (time > most) {
      best = key;
      most = time;
    }
  }
  return best;
}

/** Lighthouse's own probes, which it runs in the page once it has loaded: not the page's work. */
const byLighthouse = (task: TaskNode) =>
  task.attributableURLs.some((url) => url.endsWith("_lighthouse-eval.js"));

/** The top-level tasks of the page's main thread after its first contentful paint. */
export function tasksAfterPaint(trace: Trace): TaskSummary[] {
  const processed = TraceProcessor.processTrace(trace);
  const navigation = TraceProcessor.processNavigation(processed);
  const paint = navigation.timings.firstContentfulPaint;
  const tasks = MainThreadTasks.getMainThreadTasks(
    processed.mainThreadEvents,
    processed.frames,
    processed.timestamps.traceEnd,
    processed.timestamps.timeOrigin,
  );
  return tasks
    .filter((task) => !task.parent && task.startTime >= paint && !byLighthouse(task))
    .map((task) => ({ start: task.startTime, duration: task.duration, source: sourceOf(task) }));
}

/** The longest task after the first paint, the total time of them all, and that total by source. */
export function summarize(tasks: readonly TaskSummary[]): AfterPaint {
  let longest: TaskSummary | undefined;
  let total = 0;
  const bySource = new Map<string, number>();
  for (const task of tasks) {
    total += task.duration;
    bySource.set(task.source, (bySource.get(task.source) ?? 0) + task.duration);
    if (!longest || task.duration > longest.duration) longest = task;
  }
  return {
    longest,
    total,
    bySource: [...bySource]
      .map(([source, time]) => ({ source, time }))
      .sort((a, b) => b.time - a.time),
  };
}
